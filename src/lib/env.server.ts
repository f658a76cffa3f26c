/**
 * Environment, validated once at start-up. It picks the deployment mode: nothing configured is
 * embedded, DATABASE_URL alone is postgres, DATABASE_URL with the SUPABASE_* variables is
 * supabase. A partial configuration stops the server with a message naming what is missing; it
 * never falls back to another mode silently.
 */
import path from 'node:path'
import * as v from 'valibot'
import { normalizeEmail } from '~/domain/accounts'
import { LIMITS } from './limits'

const optionalString = v.optional(v.pipe(v.string(), v.trim()), '')

/** A whole number of days, at least LIMITS.retention.minDays; unset or empty: the default. */
function retentionDays(name: string, fallback: number) {
  return v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d*$/, `${name} must be a whole number of days`),
      v.transform((text) => (text === '' ? fallback : Number(text))),
      v.minValue(LIMITS.retention.minDays, `${name} must be at least ${LIMITS.retention.minDays} days`),
    ),
    '',
  )
}

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  SUPABASE_URL: optionalString,
  SUPABASE_ANON_KEY: optionalString,
  SUPABASE_SERVICE_ROLE_KEY: optionalString,
  /** postgres://… of the database (postgres and supabase modes). */
  DATABASE_URL: optionalString,
  /** Where LISTEN connects, when DATABASE_URL goes through a transaction pooler. */
  DATABASE_LISTEN_URL: optionalString,
  DATA_DIR: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)), './.data'),
  /** Public origin, e.g. https://www.example.com; used for canonical and hreflang URLs. */
  SITE_URL: optionalString,
  /** Secure (and __Host- prefixed) cookies plus HSTS; defaults to on when SITE_URL is https. */
  COOKIE_SECURE: v.optional(v.picklist(['true', 'false', '']), ''),
  /** Reverse proxies in front (true = 1): how far from the right of X-Forwarded-For the client's address is. */
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^(true|false|\d|10)?$/, 'TRUST_PROXY must be true, false or the number of proxies in front (0 to 10)'),
      v.transform((text) => (text === 'true' ? 1 : text === 'false' || text === '' ? 0 : Number(text))),
    ),
    'false',
  ),
  /** smtp:// or smtps:// URL of the mail server (with user and password); unset: mail goes to outbox.jsonl. */
  SMTP_URL: optionalString,
  /** The From of every mail, `Name <address>` or an address; needed with SMTP_URL. */
  MAIL_FROM: optionalString,
  /** Echo e-mails to the server log (embedded). */
  LOG_EMAILS: v.optional(v.picklist(['true', 'false']), 'true'),
  /** json (one object a line, for production) or pretty (a terminal); `npm start` picks pretty in a terminal. */
  LOG_FORMAT: v.optional(v.picklist(['json', 'pretty', ''], 'LOG_FORMAT must be json or pretty'), ''),
  /** The least severe log level written. */
  LOG_LEVEL: v.optional(
    v.picklist(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', ''],
      'LOG_LEVEL must be fatal, error, warn, info, debug or trace',
    ),
    '',
  ),
  /** The bearer token GET /metrics asks for; unset, /metrics does not exist (404). */
  METRICS_TOKEN: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (token) => token === '' || /^[\x21-\x7e]{16,}$/.test(token),
        'METRICS_TOKEN must be at least 16 printable characters without spaces',
      ),
    ),
    '',
  ),
  /**
   * Embedded, for tests and demos: more admins to seed into a fresh database (comma-separated),
   * so browser tests that each need their own sign-in code do not wait on one another.
   */
  SEED_ADMIN_EMAILS: v.optional(
    v.pipe(
      v.string(),
      v.transform((list) => list.split(',').map(normalizeEmail).filter(Boolean)),
      v.array(v.pipe(v.string(), v.email('SEED_ADMIN_EMAILS must be a comma-separated list of e-mail addresses'))),
    ),
    '',
  ),
  /**
   * Embedded, for tests only: a shorter life for sign-in codes (seconds), so the expired-code
   * path can be driven in a browser. It can only shorten LIMITS.auth.codeTtlSeconds; unset, the
   * limit applies. See docs/decisions/020-sessions-and-otp.md.
   */
  AUTH_CODE_TTL_SECONDS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d*$/, 'AUTH_CODE_TTL_SECONDS must be a whole number of seconds'),
      v.transform((text) => (text === '' ? LIMITS.auth.codeTtlSeconds : Number(text))),
      v.minValue(1, 'AUTH_CODE_TTL_SECONDS must be at least 1'),
      v.maxValue(LIMITS.auth.codeTtlSeconds, `AUTH_CODE_TTL_SECONDS may only shorten the ${LIMITS.auth.codeTtlSeconds} s limit`),
    ),
    '',
  ),
  /**
   * For tests only: how many contact messages may arrive in the flood window before admins get
   * one digest instead of a mail each. A browser suite sends more than LIMITS.mail.floodMax
   * messages in minutes and still checks a single notification; it can only raise the limit.
   */
  MAIL_FLOOD_MAX: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d*$/, 'MAIL_FLOOD_MAX must be a whole number of messages'),
      v.transform((text) => (text === '' ? LIMITS.mail.floodMax : Number(text))),
      v.minValue(LIMITS.mail.floodMax, `MAIL_FLOOD_MAX may only raise the limit of ${LIMITS.mail.floodMax} messages`),
    ),
    '',
  ),
  /** Days a contact message is kept (every status, the trash included); then it is deleted. */
  MESSAGE_RETENTION_DAYS: retentionDays('MESSAGE_RETENTION_DAYS', LIMITS.retention.messageDefaultDays),
  /** Days a contact message keeps its sender's IP address; then the address is erased, the message stays. */
  IP_RETENTION_DAYS: retentionDays('IP_RETENTION_DAYS', LIMITS.retention.ipDefaultDays),
  /** Days the activity log keeps a row (decision 230); at least a year. */
  ACTIVITY_RETENTION_DAYS: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d*$/, 'ACTIVITY_RETENTION_DAYS must be a whole number of days'),
      v.transform((text) => (text === '' ? LIMITS.activity.retentionDefaultDays : Number(text))),
      v.minValue(
        LIMITS.activity.retentionMinDays,
        `ACTIVITY_RETENTION_DAYS must be at least ${LIMITS.activity.retentionMinDays} days`,
      ),
    ),
    '',
  ),
  /**
   * For tests only: how many seconds after the page was served a contact form post counts as a
   * person's (the time trap, LIMITS.spam.minFillSeconds). Browser tests type instantly; it can
   * only lower the limit, and 0 turns the trap off.
   */
  SPAM_MIN_FILL_SECONDS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d*$/, 'SPAM_MIN_FILL_SECONDS must be a whole number of seconds'),
      v.transform((text) => (text === '' ? LIMITS.spam.minFillSeconds : Number(text))),
      v.maxValue(LIMITS.spam.minFillSeconds, `SPAM_MIN_FILL_SECONDS may only lower the ${LIMITS.spam.minFillSeconds} s limit`),
    ),
    '',
  ),
  /** Optional: an Akismet key, to ask Akismet about each contact message too (docs/spam.md). */
  AKISMET_API_KEY: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^[0-9a-zA-Z]*$/, 'AKISMET_API_KEY must be the key Akismet gave (letters and digits)')),
    '',
  ),
  /** Where Akismet is asked (tests point it at a local stand-in); the key's own host by default. */
  AKISMET_URL: optionalString,
  /**
   * Which of the providers that receive personal data process it outside Turkey: `none`, or a
   * comma-separated list of hosting, database, mail. Unset: the database in the supabase mode
   * (Supabase has no region in Turkey), none otherwise. The KVKK notice says what Article 9 needs
   * from it (docs/decisions/121-legal-pages.md).
   */
  PROVIDERS_ABROAD: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.regex(
        /^(none|(hosting|database|mail)(\s*,\s*(hosting|database|mail))*)?$/,
        'PROVIDERS_ABROAD must be none or a comma-separated list of hosting, database, mail',
      ),
    ),
    '',
  ),
  /** Automatic snapshots: on by default in the embedded mode only (docs/backups.md). */
  BACKUP_SNAPSHOTS: v.optional(v.picklist(['on', 'off', ''], 'BACKUP_SNAPSHOTS must be on or off'), ''),
  /** Hours between snapshots; a decimal is allowed (tests use minutes). */
  BACKUP_INTERVAL_HOURS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(\d+(\.\d+)?)?$/, 'BACKUP_INTERVAL_HOURS must be a number of hours, e.g. 6'),
      v.transform((text) => (text === '' ? 6 : Number(text))),
      v.minValue(0.01, 'BACKUP_INTERVAL_HOURS must be more than 0'),
    ),
    '',
  ),
  /** Where snapshots are written; DATA_DIR/backups when unset. */
  BACKUP_DIR: optionalString,
  /** How many snapshots to keep (the newest). */
  BACKUP_KEEP: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d*$/, 'BACKUP_KEEP must be a whole number of snapshots'),
      v.transform((text) => (text === '' ? 28 : Number(text))),
      v.minValue(1, 'BACKUP_KEEP must be at least 1'),
    ),
    '',
  ),
})

export const PROVIDERS = ['hosting', 'database', 'mail'] as const
export type Provider = (typeof PROVIDERS)[number]

export type ServerEnv = {
  nodeEnv: 'development' | 'production' | 'test'
  backend:
    | { kind: 'embedded' }
    | { kind: 'postgres'; databaseUrl: string; listenUrl?: string }
    | { kind: 'supabase'; databaseUrl: string; listenUrl?: string; url: string; anonKey: string; serviceRoleKey: string }
  /** Embedded: the database, uploads and outbox; postgres: the outbox while no mail server is set. */
  dataDir: string
  siteUrl: string | null
  secureCookies: boolean
  /** Trusted reverse proxies in front; 0 ignores X-Forwarded-* (docs/decisions/080-client-address-and-origin.md). */
  proxyHops: number
  logEmails: boolean
  /** How the server writes its log (docs/operations.md). */
  log: { format: 'json' | 'pretty'; level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' }
  /** GET /metrics's bearer token; null: no metrics endpoint. */
  metricsToken: string | null
  /** The mail server; null: mail is written to DATA_DIR/outbox.jsonl (and the log). */
  mail: { smtpUrl: string; from: string } | null
  /** Extra admins the embedded seed creates (none unless SEED_ADMIN_EMAILS is set). */
  seedAdminEmails: string[]
  /** How long an embedded sign-in code lives: LIMITS.auth.codeTtlSeconds unless a test shortens it. */
  codeTtlSeconds: number
  /** Messages in the flood window before notifications become a digest (MAIL_FLOOD_MAX; tests). */
  mailFloodMax: number
  /** Days before a contact message is destroyed by the retention job (MESSAGE_RETENTION_DAYS). */
  messageRetentionDays: number
  /** Days before a message's IP address is erased by the retention job (IP_RETENTION_DAYS). */
  ipRetentionDays: number
  /** Days the activity log keeps a row before the retention job destroys it (ACTIVITY_RETENTION_DAYS). */
  activityRetentionDays: number
  /** The spam filter's time trap and its optional outside check (docs/spam.md). */
  spam: { minFillSeconds: number; akismet: { key: string; url: string; site: string } | null }
  /** Providers that process personal data outside Turkey (PROVIDERS_ABROAD), in PROVIDERS order. */
  providersAbroad: Provider[]
  /** Automatic snapshots (docs/backups.md). */
  backups: { snapshots: boolean; intervalHours: number; dir: string; keep: number }
}

export class EnvError extends Error {
  override name = 'EnvError'
}

export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  const result = v.safeParse(EnvSchema, source)
  if (!result.success) {
    const issues = result.issues.map((i) => `${v.getDotPath(i) ?? '?'}: ${i.message}`)
    throw new EnvError(`Invalid environment:\n  ${issues.join('\n  ')}`)
  }
  const env = result.output
  const backend = parseMode(env)
  if (env.SITE_URL && !/^https?:\/\/[^/]+\/?$/.test(env.SITE_URL)) {
    throw new EnvError('SITE_URL must be an origin such as https://www.example.com (no path).')
  }
  const secureCookies = env.COOKIE_SECURE === '' ? env.SITE_URL.startsWith('https://') : env.COOKIE_SECURE === 'true'
  return {
    nodeEnv: env.NODE_ENV,
    backend,
    dataDir: env.DATA_DIR,
    siteUrl: env.SITE_URL ? env.SITE_URL.replace(/\/$/, '') : null,
    secureCookies,
    proxyHops: env.TRUST_PROXY,
    logEmails: env.LOG_EMAILS === 'true',
    log: { format: env.LOG_FORMAT || 'json', level: env.LOG_LEVEL || 'info' },
    metricsToken: env.METRICS_TOKEN || null,
    mail: parseMail(env),
    seedAdminEmails: env.SEED_ADMIN_EMAILS,
    codeTtlSeconds: env.AUTH_CODE_TTL_SECONDS,
    mailFloodMax: env.MAIL_FLOOD_MAX,
    messageRetentionDays: env.MESSAGE_RETENTION_DAYS,
    ipRetentionDays: env.IP_RETENTION_DAYS,
    activityRetentionDays: env.ACTIVITY_RETENTION_DAYS,
    spam: { minFillSeconds: env.SPAM_MIN_FILL_SECONDS, akismet: parseAkismet(env) },
    providersAbroad: parseProvidersAbroad(env.PROVIDERS_ABROAD, backend.kind),
    backups: {
      // A server's database has its own backups (point-in-time recovery, the provider's daily copies).
      snapshots: env.BACKUP_SNAPSHOTS === '' ? backend.kind === 'embedded' : env.BACKUP_SNAPSHOTS === 'on',
      intervalHours: env.BACKUP_INTERVAL_HOURS,
      dir: env.BACKUP_DIR || path.join(env.DATA_DIR, 'backups'),
      keep: env.BACKUP_KEEP,
    },
  }
}

function parseProvidersAbroad(text: string, mode: ServerEnv['backend']['kind']): Provider[] {
  if (text === '') return mode === 'supabase' ? ['database'] : []
  const named = new Set(text.split(',').map((part) => part.trim()))
  return PROVIDERS.filter((provider) => named.has(provider))
}

function parseAkismet(env: v.InferOutput<typeof EnvSchema>): ServerEnv['spam']['akismet'] {
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

function parseMail(env: v.InferOutput<typeof EnvSchema>): ServerEnv['mail'] {
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

function parseMode(env: v.InferOutput<typeof EnvSchema>): ServerEnv['backend'] {
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

let cached: ServerEnv | undefined

export function serverEnv(): ServerEnv {
  cached ??= parseEnv(process.env)
  return cached
}
