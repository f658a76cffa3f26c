/**
 * Environment, validated once at start-up. A partial Supabase configuration stops the
 * server with a message naming what is missing; it never falls back to embedded silently.
 */
import * as v from 'valibot'
import { LIMITS } from './limits'

const optionalString = v.optional(v.pipe(v.string(), v.trim()), '')

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  SUPABASE_URL: optionalString,
  SUPABASE_ANON_KEY: optionalString,
  SUPABASE_SERVICE_ROLE_KEY: optionalString,
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
  /** Echo e-mails to the server log (embedded). */
  LOG_EMAILS: v.optional(v.picklist(['true', 'false']), 'true'),
  /**
   * Embedded, for tests and demos: more admins to seed into a fresh database (comma-separated),
   * so browser tests that each need their own sign-in code do not wait on one another.
   */
  SEED_ADMIN_EMAILS: v.optional(
    v.pipe(
      v.string(),
      v.transform((list) =>
        list
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
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
})

export type ServerEnv = {
  nodeEnv: 'development' | 'production' | 'test'
  backend: { kind: 'embedded'; dataDir: string } | { kind: 'supabase'; url: string; anonKey: string; serviceRoleKey: string }
  siteUrl: string | null
  secureCookies: boolean
  /** Trusted reverse proxies in front; 0 ignores X-Forwarded-* (docs/decisions/080-client-address-and-origin.md). */
  proxyHops: number
  logEmails: boolean
  /** Extra admins the embedded seed creates (none unless SEED_ADMIN_EMAILS is set). */
  seedAdminEmails: string[]
  /** How long an embedded sign-in code lives: LIMITS.auth.codeTtlSeconds unless a test shortens it. */
  codeTtlSeconds: number
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
  const supabaseVars = {
    SUPABASE_URL: env.SUPABASE_URL,
    SUPABASE_ANON_KEY: env.SUPABASE_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: env.SUPABASE_SERVICE_ROLE_KEY,
  }
  const set = Object.entries(supabaseVars).filter(([, value]) => value !== '')
  const missing = Object.entries(supabaseVars)
    .filter(([, value]) => value === '')
    .map(([k]) => k)
  if (set.length > 0 && missing.length > 0) {
    throw new EnvError(
      `Incomplete Supabase configuration: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. ` +
        'Set all three SUPABASE_* variables, or none to use the embedded backend.',
    )
  }
  if (env.SUPABASE_URL && !/^https?:\/\//.test(env.SUPABASE_URL)) {
    throw new EnvError('SUPABASE_URL must be an http(s) URL.')
  }
  if (env.SITE_URL && !/^https?:\/\/[^/]+\/?$/.test(env.SITE_URL)) {
    throw new EnvError('SITE_URL must be an origin such as https://www.example.com (no path).')
  }
  const secureCookies = env.COOKIE_SECURE === '' ? env.SITE_URL.startsWith('https://') : env.COOKIE_SECURE === 'true'
  return {
    nodeEnv: env.NODE_ENV,
    backend:
      set.length === 3
        ? {
            kind: 'supabase',
            url: env.SUPABASE_URL,
            anonKey: env.SUPABASE_ANON_KEY,
            serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY,
          }
        : { kind: 'embedded', dataDir: env.DATA_DIR },
    siteUrl: env.SITE_URL ? env.SITE_URL.replace(/\/$/, '') : null,
    secureCookies,
    proxyHops: env.TRUST_PROXY,
    logEmails: env.LOG_EMAILS === 'true',
    seedAdminEmails: env.SEED_ADMIN_EMAILS,
    codeTtlSeconds: env.AUTH_CODE_TTL_SECONDS,
  }
}

let cached: ServerEnv | undefined

export function serverEnv(): ServerEnv {
  cached ??= parseEnv(process.env)
  return cached
}
