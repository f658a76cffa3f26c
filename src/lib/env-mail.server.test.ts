/** SMTP_URL and MAIL_FROM in the validated environment (docs/decisions/090-mail.md). */
import { describe, expect, it } from 'vitest'
import { describeMail, EnvError, parseEnv } from './env.server'

const SMTP = 'smtps://mailer:s3cr%40t@smtp.example.com:465'
const FROM = 'Pusula Dijital <no-reply@example.com>'

describe('mail configuration', () => {
  it('is the outbox when neither is set', () => {
    const env = parseEnv({})
    expect(env.mail).toBeNull()
    expect(describeMail(env)).toBe('outbox (./.data/outbox.jsonl and the log)')
  })

  it('takes an SMTP server with its sender, in any mode', () => {
    expect(parseEnv({ SMTP_URL: SMTP, MAIL_FROM: FROM }).mail).toEqual({ smtpUrl: SMTP, from: FROM })
    expect(
      parseEnv({ SMTP_URL: 'smtp://localhost:2525', MAIL_FROM: 'a@b.example', DATABASE_URL: 'postgres://h/db' }).mail,
    ).toEqual({
      smtpUrl: 'smtp://localhost:2525',
      from: 'a@b.example',
    })
  })

  it('names the missing half of a partial configuration', () => {
    expect(() => parseEnv({ SMTP_URL: SMTP })).toThrow(/SMTP_URL is set but MAIL_FROM is missing/)
    expect(() => parseEnv({ MAIL_FROM: FROM })).toThrow(/MAIL_FROM is set but SMTP_URL is missing/)
  })

  it('refuses what is not an SMTP URL or an address', () => {
    for (const url of ['https://smtp.example.com', 'smtp.example.com:465', 'smtp://', 'smtp://host name:25']) {
      expect(() => parseEnv({ SMTP_URL: url, MAIL_FROM: FROM }), url).toThrow(EnvError)
    }
    for (const from of ['no-reply', 'Name <no-reply>', '<a@b.example', 'a@b']) {
      expect(() => parseEnv({ SMTP_URL: SMTP, MAIL_FROM: from }), from).toThrow(/MAIL_FROM must be/)
    }
  })

  it('logs the server without its user or password', () => {
    const line = describeMail(parseEnv({ SMTP_URL: SMTP, MAIL_FROM: FROM }))
    expect(line).toBe('smtp (smtps://smtp.example.com:465)')
    expect(line).not.toContain('mailer')
  })
})
