/** The environment's checks across variables, and its description for the start-up log line. */
import { EnvError } from './env-schema.server'
import type { RawEnv, ServerEnv } from './env.server'

export const PROVIDERS = ['hosting', 'database', 'mail'] as const
export type Provider = (typeof PROVIDERS)[number]

export function parseProvidersAbroad(text: string, mode: ServerEnv['backend']['kind']): Provider[] {
  if (text === '') return mode === 'supabase' ? ['database'] : []
  const named = new Set(text.split(',').map((part) => part.trim()))
  return PROVIDERS.filter((provider) => named.has(provider))
}

export function parseSpamd(url: string): ServerEnv['spam']['spamd'] {
  if (url === '') return null
  const match = /^spamd:\/\/([a-zA-Z0-9.-]+|\[[0-9a-fA-F:]+\])(?::(\d{1,5}))?\/?$/.exec(url)
  const port = Number(match?.[2] ?? 783)
  if (!match || port < 1 || port > 65535) throw new EnvError('SPAMD_URL must be spamd://host or spamd://host:port.')
  return { host: (match[1] ?? '').replace(/^\[|\]$/g, ''), port }
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost'])

export function parseImap(env: RawEnv): ServerEnv['imap'] {
  const url = env.IMAP_URL
  if (url === '') return null
  let parsed: URL | null = null
  try {
    parsed = new URL(url)
  } catch {}
  const example = 'e.g. imaps://user:password@imap.example.com:993/INBOX'
  if (!parsed || !['imap:', 'imaps:'].includes(parsed.protocol) || parsed.hostname === '' || parsed.username === '') {
    throw new EnvError(`IMAP_URL must be an imaps:// URL with a user and a password, ${example}.`)
  }
  // The password would cross the network in clear.
  if (parsed.protocol === 'imap:' && !LOOPBACK.has(parsed.hostname)) {
    throw new EnvError(`IMAP_URL may use imap:// only for a server on this machine; use imaps://, ${example}.`)
  }
  return { url, pollSeconds: env.IMAP_POLL_SECONDS }
}

/** Passkeys are bound to SITE_URL's host (decision 233): requiring them without it would lock everyone out. */
export function parseStaffPasskeyRequired(env: RawEnv): boolean {
  if (env.STAFF_PASSKEY_REQUIRED !== 'true') return false
  if (env.SITE_URL === '') throw new EnvError('STAFF_PASSKEY_REQUIRED needs SITE_URL: passkeys are bound to the site’s address.')
  return true
}

export function parseAkismet(env: RawEnv): ServerEnv['spam']['akismet'] {
  const { AKISMET_API_KEY: key, AKISMET_URL: url, SITE_URL: site } = env
  if (key === '') {
    if (url !== '') throw new EnvError('AKISMET_URL is set but AKISMET_API_KEY is missing: set the key, or neither.')
    return null
  }
  // Akismet files every check under the site it was registered for.
  if (site === '') throw new EnvError('AKISMET_API_KEY needs SITE_URL: Akismet checks messages for a registered site.')
  if (url !== '' && !/^https?:\/\/[^/\s]+/.test(url)) throw new EnvError('AKISMET_URL must be an http(s) URL.')
  return { key, url: (url || `https://${key}.rest.akismet.com`).replace(/\/$/, ''), site: site.replace(/\/$/, '') }
}

const POSTGRES_URL = /^postgres(ql)?:\/\/[^/]+/
/** `a@b.example` or `Name <a@b.example>`. */
const MAIL_ADDRESS = /^(?:[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+|[^<>]*<\s*[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+\s*>)$/

export function parseMail(env: RawEnv): ServerEnv['mail'] {
  const { SMTP_URL: url, MAIL_FROM: from } = env
  if (url === '' && from === '') return null
  if (url === '') {
    throw new EnvError(
      'MAIL_FROM is set but SMTP_URL is missing: set both to send e-mail through a mail server, ' +
        'or neither to write it to DATA_DIR/outbox.jsonl.',
    )
  }
  let parsed: URL | null = null
  try {
    parsed = new URL(url)
  } catch {}
  if (!parsed || !['smtp:', 'smtps:'].includes(parsed.protocol) || parsed.hostname === '' || /[\s]/.test(url)) {
    throw new EnvError('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465.')
  }
  if (from === '') {
    throw new EnvError(
      'SMTP_URL is set but MAIL_FROM is missing: set MAIL_FROM to the sender of every mail, ' +
        'e.g. "Pusula Dijital <no-reply@example.com>".',
    )
  }
  if (!MAIL_ADDRESS.test(from)) {
    throw new EnvError('MAIL_FROM must be an e-mail address or "Name <address>", e.g. "Pusula Dijital <no-reply@example.com>".')
  }
  return { smtpUrl: url, from }
}

export function parseMode(env: RawEnv): ServerEnv['backend'] {
  const supabaseVars = {
    SUPABASE_URL: env.SUPABASE_URL,
    SUPABASE_ANON_KEY: env.SUPABASE_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: env.SUPABASE_SERVICE_ROLE_KEY,
  }
  const supabaseSet = Object.values(supabaseVars).some((value) => value !== '')
  const missing = Object.entries(supabaseVars)
    .filter(([, value]) => value === '')
    .map(([k]) => k)
  if (supabaseSet && env.DATABASE_URL === '') missing.push('DATABASE_URL')
  if (supabaseSet && missing.length > 0) {
    throw new EnvError(
      `Incomplete Supabase configuration: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. ` +
        'The supabase mode needs SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY and DATABASE_URL ' +
        "(the project's connection string); set DATABASE_URL alone for the postgres mode, or nothing for the embedded one.",
    )
  }
  if (env.DATABASE_LISTEN_URL !== '' && env.DATABASE_URL === '') {
    throw new EnvError('DATABASE_LISTEN_URL is set but DATABASE_URL is missing: set both, or neither for the embedded mode.')
  }
  for (const name of ['DATABASE_URL', 'DATABASE_LISTEN_URL'] as const) {
    if (env[name] !== '' && !POSTGRES_URL.test(env[name])) {
      throw new EnvError(`${name} must be a postgres:// or postgresql:// connection URL.`)
    }
  }
  if (env.SUPABASE_URL && !/^https?:\/\//.test(env.SUPABASE_URL)) {
    throw new EnvError('SUPABASE_URL must be an http(s) URL.')
  }
  if (env.DATABASE_URL === '') return { kind: 'embedded' }
  const database = {
    databaseUrl: env.DATABASE_URL,
    ...(env.DATABASE_LISTEN_URL ? { listenUrl: env.DATABASE_LISTEN_URL } : {}),
  }
  if (!supabaseSet) return { kind: 'postgres', ...database }
  return {
    kind: 'supabase',
    ...database,
    url: env.SUPABASE_URL,
    anonKey: env.SUPABASE_ANON_KEY,
    serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY,
  }
}

/** The database's host and name, never its user or password. */
function databaseLabel(url: string): string {
  const parsed = new URL(url)
  return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`
}

/** Where mail goes, for the start-up log line: the SMTP server's host, never its user or password. */
export function describeMail(env: ServerEnv): string {
  if (!env.mail) return `outbox (${env.dataDir}/outbox.jsonl${env.logEmails ? ' and the log' : ''})`
  const url = new URL(env.mail.smtpUrl)
  return `smtp (${url.protocol}//${url.host})`
}

/** The mode and where its data lives, for the start-up log line (no secrets). */
export function describeMode(env: ServerEnv): string {
  const mode = env.backend
  if (mode.kind === 'embedded') return `embedded (DATA_DIR=${env.dataDir})`
  if (mode.kind === 'postgres') return `postgres (${databaseLabel(mode.databaseUrl)})`
  return `supabase (${new URL(mode.url).host}; database ${databaseLabel(mode.databaseUrl)})`
}
