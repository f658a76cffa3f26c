/** Environment, validated once at start-up. It picks the deployment mode: nothing configured is
 * embedded, DATABASE_URL alone is postgres, DATABASE_URL with the SUPABASE_* variables is supabase. */
import path from 'node:path'
import * as v from 'valibot'
import { normalizeEmail } from '~/domain/accounts'
// biome-ignore format: one line keeps the module under its size
import { type Provider, parseAkismet, parseImap, parseMail, parseMode, parseProvidersAbroad, parseSpamd, parseStaffPasskeyRequired } from './env-checks.server'
import { EnvError, optionalString, wholeNumber } from './env-schema.server'
import { refusedInProduction, TestKnobsSchema } from './env-test-knobs.server'
import { LIMITS } from './limits'

const retentionDays = (name: string, fallback: number) =>
  wholeNumber(name, 'days', {
    fallback,
    min: LIMITS.retention.minDays,
    minMessage: `${name} must be at least ${LIMITS.retention.minDays} days`,
  })

export { EnvError } from './env-schema.server'
export { describeMail, describeMode, PROVIDERS, type Provider } from './env-checks.server'

const EnvSchema = v.object({
  ...TestKnobsSchema.entries,
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
  /** imaps://user:password@host:993/INBOX: the firm's mailbox, read for the visitors' answers to replies. */
  IMAP_URL: optionalString,
  /** Seconds between two readings of the mailbox (IDLE wakes the reader sooner where offered). */
  IMAP_POLL_SECONDS: wholeNumber('IMAP_POLL_SECONDS', 'seconds', {
    fallback: LIMITS.replies.imapPollDefaultSeconds,
    min: LIMITS.replies.imapPollMinSeconds,
  }),
  /** Hours a lead may wait for a reply before staff get one reminder of it. */
  REPLY_DUE_HOURS: wholeNumber('REPLY_DUE_HOURS', 'hours', { fallback: LIMITS.replies.dueDefaultHours, min: 1 }),
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
  /** Embedded, tests and demos: more admins to seed into a fresh database (comma-separated). */
  SEED_ADMIN_EMAILS: v.optional(
    v.pipe(
      v.string(),
      v.transform((list) => list.split(',').map(normalizeEmail).filter(Boolean)),
      v.array(v.pipe(v.string(), v.email('SEED_ADMIN_EMAILS must be a comma-separated list of e-mail addresses'))),
    ),
    '',
  ),
  /** Days a contact message is kept (every status, the trash included); then it is deleted. */
  MESSAGE_RETENTION_DAYS: retentionDays('MESSAGE_RETENTION_DAYS', LIMITS.retention.messageDefaultDays),
  /** Days a contact message keeps its sender's IP address; then the address is erased, the message stays. */
  IP_RETENTION_DAYS: retentionDays('IP_RETENTION_DAYS', LIMITS.retention.ipDefaultDays),
  /** Days raw page views are kept before only their daily aggregates remain (docs/kvkk.md). */
  VISIT_RAW_DAYS: wholeNumber('VISIT_RAW_DAYS', 'days', {
    fallback: LIMITS.visits.rawDefaultDays,
    min: 1,
    max: LIMITS.visits.rawMaxDays,
  }),
  /** Days the activity log keeps a row (decision 230); at least a year. */
  ACTIVITY_RETENTION_DAYS: wholeNumber('ACTIVITY_RETENTION_DAYS', 'days', {
    ...{ fallback: LIMITS.activity.retentionDefaultDays, min: LIMITS.activity.retentionMinDays },
    minMessage: `ACTIVITY_RETENTION_DAYS must be at least ${LIMITS.activity.retentionMinDays} days`,
  }),
  /** true: every staff member adds a passkey at their next sign-in, before the inbox (decision 233). */
  STAFF_PASSKEY_REQUIRED: v.optional(v.picklist(['true', 'false', ''], 'STAFF_PASSKEY_REQUIRED must be true or false'), ''),
  /** Optional: a SpamAssassin daemon to score each contact message too, `spamd://host[:port]` (docs/spam.md). */
  SPAMD_URL: optionalString,
  /** Optional: an Akismet key, to ask Akismet about each contact message too (docs/spam.md). */
  AKISMET_API_KEY: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^[0-9a-zA-Z]*$/, 'AKISMET_API_KEY must be the key Akismet gave (letters and digits)')),
    '',
  ),
  /** Providers processing personal data outside Turkey: `none`, or a list of hosting, database, mail.
   * Unset: the database in the supabase mode (no Supabase region in Turkey), none otherwise (decision 121). */
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
  /** Where snapshots are written (DATA_DIR/backups when unset), and how many of the newest are kept. */
  BACKUP_DIR: optionalString,
  BACKUP_KEEP: wholeNumber('BACKUP_KEEP', 'snapshots', { fallback: 28, min: 1, minMessage: 'BACKUP_KEEP must be at least 1' }),
})

export type RawEnv = v.InferOutput<typeof EnvSchema>

type SpamdServer = { host: string; port: number }

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
  /** Trusted reverse proxies in front; 0 ignores X-Forwarded-* (decision 080). */
  proxyHops: number
  logEmails: boolean
  /** How the server writes its log (docs/operations.md). */
  log: { format: 'json' | 'pretty'; level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' }
  /** GET /metrics's bearer token; null: no metrics endpoint. */
  metricsToken: string | null
  /** The mail server; null: mail is written to DATA_DIR/outbox.jsonl (and the log). */
  mail: { smtpUrl: string; from: string } | null
  /** The firm's mailbox, read for answers to replies (IMAP_URL); null: not read. */
  imap: { url: string; pollSeconds: number } | null
  /** Hours an unanswered lead waits before staff get one reminder (REPLY_DUE_HOURS). */
  replyDueHours: number
  /** Extra admins the embedded seed creates (none unless SEED_ADMIN_EMAILS is set). */
  seedAdminEmails: string[]
  /** How long an embedded sign-in code lives: LIMITS.auth.codeTtlSeconds unless a test shortens it. */
  codeTtlSeconds: number
  /** Messages in the flood window before notifications become a digest (MAIL_FLOOD_MAX; tests). */
  mailFloodMax: number
  /** Days before the retention job destroys a message, and its IP address (MESSAGE_/IP_RETENTION_DAYS). */
  messageRetentionDays: number
  ipRetentionDays: number
  /** VISIT_RAW_DAYS (raw page views; their daily aggregates stay) and ACTIVITY_RETENTION_DAYS. */
  visitRawDays: number
  activityRetentionDays: number
  staffPasskeyRequired: boolean
  /** The spam filter's time trap and its optional outside check (docs/spam.md). */
  spam: { minFillSeconds: number; akismet: { key: string; url: string; site: string } | null; spamd: SpamdServer | null }
  /** Providers that process personal data outside Turkey (PROVIDERS_ABROAD), in PROVIDERS order. */
  providersAbroad: Provider[]
  /** Automatic snapshots (docs/backups.md). */
  backups: { snapshots: boolean; intervalHours: number; dir: string; keep: number }
}

export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  const refused = refusedInProduction(source)
  if (refused.length > 0) {
    throw new EnvError(`${refused.join(', ')}: for tests only, and refused with NODE_ENV=production (they weaken a protection).`)
  }
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
    imap: parseImap(env),
    replyDueHours: env.REPLY_DUE_HOURS,
    seedAdminEmails: env.SEED_ADMIN_EMAILS,
    codeTtlSeconds: env.AUTH_CODE_TTL_SECONDS,
    mailFloodMax: env.MAIL_FLOOD_MAX,
    messageRetentionDays: env.MESSAGE_RETENTION_DAYS,
    ipRetentionDays: env.IP_RETENTION_DAYS,
    visitRawDays: env.VISIT_RAW_DAYS,
    activityRetentionDays: env.ACTIVITY_RETENTION_DAYS,
    staffPasskeyRequired: parseStaffPasskeyRequired(env),
    spam: { minFillSeconds: env.SPAM_MIN_FILL_SECONDS, akismet: parseAkismet(env), spamd: parseSpamd(env.SPAMD_URL) },
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

let cached: ServerEnv | undefined

export function serverEnv(): ServerEnv {
  cached ??= parseEnv(process.env)
  return cached
}
