import { describe, expect, it } from 'vitest'
import { describeMode, EnvError, parseEnv } from './env.server'
import { LIMITS } from './limits'

const SUPABASE = {
  SUPABASE_URL: 'https://abc.supabase.co',
  SUPABASE_ANON_KEY: 'anon',
  SUPABASE_SERVICE_ROLE_KEY: 'service',
}

const DATABASE_URL = 'postgres://pusula:secret@db.example.com:5432/pusula'

describe('parseEnv', () => {
  it('runs embedded in ./.data when nothing is configured', () => {
    const env = parseEnv({})
    expect(env.backend).toEqual({ kind: 'embedded' })
    expect(env.dataDir).toBe('./.data')
    expect(env.secureCookies).toBe(false)
  })

  it('runs postgres with DATABASE_URL alone, and supabase with it and the three SUPABASE_* variables', () => {
    expect(parseEnv({ DATABASE_URL }).backend).toEqual({ kind: 'postgres', databaseUrl: DATABASE_URL })
    expect(parseEnv({ DATABASE_URL, DATABASE_LISTEN_URL: 'postgresql://l@h/d' }).backend).toEqual({
      kind: 'postgres',
      databaseUrl: DATABASE_URL,
      listenUrl: 'postgresql://l@h/d',
    })
    expect(parseEnv({ ...SUPABASE, DATABASE_URL }).backend).toEqual({
      kind: 'supabase',
      databaseUrl: DATABASE_URL,
      url: 'https://abc.supabase.co',
      anonKey: 'anon',
      serviceRoleKey: 'service',
    })
  })

  it('refuses a partial configuration, naming what is missing', () => {
    expect(() => parseEnv({ SUPABASE_URL: SUPABASE.SUPABASE_URL })).toThrow(EnvError)
    expect(() => parseEnv({ SUPABASE_URL: SUPABASE.SUPABASE_URL, DATABASE_URL })).toThrow(
      /SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY are missing/,
    )
    expect(() => parseEnv({ ...SUPABASE, DATABASE_URL, SUPABASE_SERVICE_ROLE_KEY: ' ' })).toThrow(
      /SUPABASE_SERVICE_ROLE_KEY is missing/,
    )
    // The three keys without a database used to be the whole Supabase configuration: say what changed.
    expect(() => parseEnv(SUPABASE)).toThrow(/DATABASE_URL is missing/)
    expect(() => parseEnv({ DATABASE_LISTEN_URL: DATABASE_URL })).toThrow(/DATABASE_URL is missing/)
  })

  it('refuses URLs of the wrong kind', () => {
    expect(() => parseEnv({ ...SUPABASE, DATABASE_URL, SUPABASE_URL: 'abc.supabase.co' })).toThrow(/SUPABASE_URL must be an http/)
    expect(() => parseEnv({ DATABASE_URL: 'mysql://db/x' })).toThrow(/DATABASE_URL must be a postgres/)
    expect(() => parseEnv({ DATABASE_URL, DATABASE_LISTEN_URL: 'db.example.com' })).toThrow(/DATABASE_LISTEN_URL must be/)
  })

  it('describes the mode without credentials', () => {
    expect(describeMode(parseEnv({}))).toBe('embedded (DATA_DIR=./.data)')
    expect(describeMode(parseEnv({ DATABASE_URL }))).toBe('postgres (db.example.com:5432/pusula)')
    expect(describeMode(parseEnv({ ...SUPABASE, DATABASE_URL }))).not.toContain('secret')
  })

  it('turns on secure cookies for an https site unless told otherwise', () => {
    expect(parseEnv({ SITE_URL: 'https://www.example.com' }).secureCookies).toBe(true)
    expect(parseEnv({ SITE_URL: 'https://www.example.com', COOKIE_SECURE: 'false' }).secureCookies).toBe(false)
    expect(parseEnv({ COOKIE_SECURE: 'true' }).secureCookies).toBe(true)
  })

  it('refuses a SITE_URL with a path and unknown values of closed lists', () => {
    expect(() => parseEnv({ SITE_URL: 'https://example.com/app' })).toThrow(EnvError)
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/)
  })

  it('reads TRUST_PROXY as a number of proxies: false 0, true 1, or a whole number up to 10', () => {
    expect(parseEnv({}).proxyHops).toBe(0)
    expect(parseEnv({ TRUST_PROXY: 'false' }).proxyHops).toBe(0)
    expect(parseEnv({ TRUST_PROXY: '' }).proxyHops).toBe(0)
    expect(parseEnv({ TRUST_PROXY: 'true' }).proxyHops).toBe(1)
    expect(parseEnv({ TRUST_PROXY: ' 2 ' }).proxyHops).toBe(2)
    expect(parseEnv({ TRUST_PROXY: '10' }).proxyHops).toBe(10)
    for (const bad of ['11', '-1', '1.5', 'TRUE', 'yes', '01']) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be true, false or the number of proxies/)
    }
  })

  it('reads the test knobs for seeded admins and a shorter code life, off by default', () => {
    const defaults = parseEnv({})
    expect(defaults.seedAdminEmails).toEqual([])
    expect(defaults.codeTtlSeconds).toBe(LIMITS.auth.codeTtlSeconds)
    const knobs = parseEnv({ SEED_ADMIN_EMAILS: ' A@example.com, b@example.com ,', AUTH_CODE_TTL_SECONDS: '3' })
    expect(knobs.seedAdminEmails).toEqual(['a@example.com', 'b@example.com'])
    expect(knobs.codeTtlSeconds).toBe(3)
    expect(() => parseEnv({ SEED_ADMIN_EMAILS: 'a@example.com,nope' })).toThrow(/SEED_ADMIN_EMAILS/)
    expect(() => parseEnv({ AUTH_CODE_TTL_SECONDS: '0' })).toThrow(/AUTH_CODE_TTL_SECONDS/)
    expect(() => parseEnv({ AUTH_CODE_TTL_SECONDS: '3600' })).toThrow(/only shorten/)
    expect(() => parseEnv({ AUTH_CODE_TTL_SECONDS: '1.5' })).toThrow(/whole number/)
    expect(defaults.mailFloodMax).toBe(LIMITS.mail.floodMax)
    expect(parseEnv({ MAIL_FLOOD_MAX: '1000' }).mailFloodMax).toBe(1000)
    expect(() => parseEnv({ MAIL_FLOOD_MAX: String(LIMITS.mail.floodMax - 1) })).toThrow(/may only raise/)
  })

  it('reads the retention periods: 730 and 90 days by default, whole days of at least 30', () => {
    const defaults = parseEnv({})
    expect(defaults.messageRetentionDays).toBe(730)
    expect(defaults.ipRetentionDays).toBe(90)
    const set = parseEnv({ MESSAGE_RETENTION_DAYS: ' 365 ', IP_RETENTION_DAYS: '30' })
    expect(set.messageRetentionDays).toBe(365)
    expect(set.ipRetentionDays).toBe(30)
    expect(parseEnv({ MESSAGE_RETENTION_DAYS: '', IP_RETENTION_DAYS: '' }).ipRetentionDays).toBe(90)
    for (const name of ['MESSAGE_RETENTION_DAYS', 'IP_RETENTION_DAYS']) {
      expect(() => parseEnv({ [name]: '29' }), name).toThrow(new RegExp(`${name}: ${name} must be at least 30 days`))
      expect(() => parseEnv({ [name]: '0' }), name).toThrow(EnvError)
      for (const bad of ['abc', '-40', '45.5', '1e3', '90 days']) {
        expect(() => parseEnv({ [name]: bad }), `${name}=${bad}`).toThrow(new RegExp(`${name} must be a whole number of days`))
      }
    }
  })

  it('spam: SPAMD_URL names a SpamAssassin daemon, port 783 unless given', () => {
    expect(parseEnv({ SPAMD_URL: 'spamd://127.0.0.1' }).spam.spamd).toEqual({ host: '127.0.0.1', port: 783 })
    expect(parseEnv({ SPAMD_URL: 'spamd://spam.internal:7830' }).spam.spamd).toEqual({ host: 'spam.internal', port: 7830 })
    for (const bad of ['http://spam.internal', 'spamd://', 'spamd://host:99999', 'spamd://host/x']) {
      expect(() => parseEnv({ SPAMD_URL: bad }), bad).toThrow(/SPAMD_URL must be spamd:\/\/host/)
    }
  })

  it('keeps the activity log 730 days unless ACTIVITY_RETENTION_DAYS says otherwise, never under 365', () => {
    expect(parseEnv({}).activityRetentionDays).toBe(730)
    expect(parseEnv({ ACTIVITY_RETENTION_DAYS: ' 365 ' }).activityRetentionDays).toBe(365)
    expect(() => parseEnv({ ACTIVITY_RETENTION_DAYS: '364' })).toThrow(
      /ACTIVITY_RETENTION_DAYS: ACTIVITY_RETENTION_DAYS must be at least 365 days/,
    )
    expect(() => parseEnv({ ACTIVITY_RETENTION_DAYS: 'two years' })).toThrow(
      /ACTIVITY_RETENTION_DAYS must be a whole number of days/,
    )
  })

  it('STAFF_PASSKEY_REQUIRED: off unless true, and only with SITE_URL (passkeys are bound to it)', () => {
    expect(parseEnv({}).staffPasskeyRequired).toBe(false)
    expect(parseEnv({ STAFF_PASSKEY_REQUIRED: 'false' }).staffPasskeyRequired).toBe(false)
    expect(parseEnv({ STAFF_PASSKEY_REQUIRED: 'true', SITE_URL: 'https://www.example.com' }).staffPasskeyRequired).toBe(true)
    expect(() => parseEnv({ STAFF_PASSKEY_REQUIRED: 'true' })).toThrow(/STAFF_PASSKEY_REQUIRED needs SITE_URL/)
    expect(() => parseEnv({ STAFF_PASSKEY_REQUIRED: 'yes' })).toThrow(/STAFF_PASSKEY_REQUIRED must be true or false/)
  })

  it('spam: the time trap can only be lowered, Akismet is off without a key and needs SITE_URL with one', () => {
    expect(parseEnv({}).spam).toEqual({ minFillSeconds: LIMITS.spam.minFillSeconds, akismet: null, spamd: null })
    expect(parseEnv({ SPAM_MIN_FILL_SECONDS: '0' }).spam.minFillSeconds).toBe(0)
    expect(() => parseEnv({ SPAM_MIN_FILL_SECONDS: String(LIMITS.spam.minFillSeconds + 1) })).toThrow(/SPAM_MIN_FILL_SECONDS/)
    expect(() => parseEnv({ SPAM_MIN_FILL_SECONDS: 'soon' })).toThrow(/SPAM_MIN_FILL_SECONDS/)
    expect(() => parseEnv({ AKISMET_API_KEY: 'abc123' })).toThrow(/AKISMET_API_KEY needs SITE_URL/)
    expect(() => parseEnv({ AKISMET_API_KEY: 'abc-123!', SITE_URL: 'https://x.example' })).toThrow(/AKISMET_API_KEY/)
    expect(() => parseEnv({ AKISMET_URL: 'http://127.0.0.1:1' })).toThrow(/AKISMET_URL is set but AKISMET_API_KEY/)
    expect(parseEnv({ AKISMET_API_KEY: 'abc123', SITE_URL: 'https://www.example.com/' }).spam.akismet).toEqual({
      key: 'abc123',
      url: 'https://abc123.rest.akismet.com',
      site: 'https://www.example.com',
    })
  })

  it('refuses the test knobs that weaken a protection in production, and allows them elsewhere', () => {
    for (const knob of [{ MAIL_FLOOD_MAX: '100000' }, { SPAM_MIN_FILL_SECONDS: '0' }, { AKISMET_URL: 'http://127.0.0.1:1' }]) {
      const name = Object.keys(knob)[0]!
      expect(() => parseEnv({ NODE_ENV: 'production', ...knob }), name).toThrow(new RegExp(`${name}: for tests only`))
    }
    expect(parseEnv({ NODE_ENV: 'test', MAIL_FLOOD_MAX: '100000', SPAM_MIN_FILL_SECONDS: '0' })).toMatchObject({
      mailFloodMax: 100000,
      spam: { minFillSeconds: 0 },
    })
    // A shorter code life weakens nothing: allowed in production too.
    expect(parseEnv({ NODE_ENV: 'production', AUTH_CODE_TTL_SECONDS: '5' }).codeTtlSeconds).toBe(5)
  })
})

describe('operations variables', () => {
  it('logs JSON at info and has no metrics endpoint unless told otherwise', () => {
    const env = parseEnv({})
    expect(env.log).toEqual({ format: 'json', level: 'info' })
    expect(env.metricsToken).toBeNull()
    expect(parseEnv({ LOG_FORMAT: 'pretty', LOG_LEVEL: 'debug' }).log).toEqual({ format: 'pretty', level: 'debug' })
    expect(parseEnv({ METRICS_TOKEN: '  0123456789abcdef  ' }).metricsToken).toBe('0123456789abcdef')
  })

  it('stops at start naming the variable that is wrong', () => {
    expect(() => parseEnv({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT: LOG_FORMAT must be json or pretty/)
    expect(() => parseEnv({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL: LOG_LEVEL must be/)
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: METRICS_TOKEN must be at least 16/)
    expect(() => parseEnv({ METRICS_TOKEN: 'has a space in it, long' })).toThrow(/METRICS_TOKEN/)
  })
})

describe('PROVIDERS_ABROAD (which providers process personal data outside Turkey)', () => {
  it('defaults to the database in the supabase mode and to none otherwise', () => {
    expect(parseEnv({}).providersAbroad).toEqual([])
    expect(parseEnv({ DATABASE_URL }).providersAbroad).toEqual([])
    expect(parseEnv({ ...SUPABASE, DATABASE_URL }).providersAbroad).toEqual(['database'])
  })

  it('takes none or a list, in any order and case, over the default', () => {
    expect(parseEnv({ ...SUPABASE, DATABASE_URL, PROVIDERS_ABROAD: 'none' }).providersAbroad).toEqual([])
    expect(parseEnv({ PROVIDERS_ABROAD: ' Mail , hosting,mail' }).providersAbroad).toEqual(['hosting', 'mail'])
  })

  it('stops the start naming the variable when a value is unknown', () => {
    expect(() => parseEnv({ PROVIDERS_ABROAD: 'smtp' })).toThrow(/PROVIDERS_ABROAD must be none or/)
    expect(() => parseEnv({ PROVIDERS_ABROAD: 'none,mail' })).toThrow(EnvError)
  })
})
