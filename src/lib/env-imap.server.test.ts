/** IMAP_URL and IMAP_POLL_SECONDS in the validated environment (docs/decisions/221-imap-answers.md). */
import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from './env.server'

const URL = 'imaps://bilgi%40firma.com.tr:uygulama%20sifresi@imap.gmail.com:993/INBOX'

describe('the mailbox configuration', () => {
  it('is off when IMAP_URL is unset', () => {
    expect(parseEnv({}).imap).toBeNull()
  })

  it('reads every 60 s by default, never more often than every 5 s', () => {
    expect(parseEnv({ IMAP_URL: URL }).imap).toEqual({ url: URL, pollSeconds: 60 })
    expect(parseEnv({ IMAP_URL: URL, IMAP_POLL_SECONDS: '5' }).imap?.pollSeconds).toBe(5)
    expect(() => parseEnv({ IMAP_URL: URL, IMAP_POLL_SECONDS: '4' })).toThrow(/IMAP_POLL_SECONDS must be at least 5/)
    expect(() => parseEnv({ IMAP_URL: URL, IMAP_POLL_SECONDS: 'soon' })).toThrow(/whole number/)
  })

  it('takes plain imap:// only for a server on this machine', () => {
    expect(parseEnv({ IMAP_URL: 'imap://u:p@127.0.0.1:1143/INBOX' }).imap?.url).toBe('imap://u:p@127.0.0.1:1143/INBOX')
    expect(() => parseEnv({ IMAP_URL: 'imap://u:p@imap.example.com/INBOX' })).toThrow(/only for a server on this machine/)
  })

  it('refuses what is not an IMAP URL with a user', () => {
    for (const url of ['https://imap.example.com', 'imap.example.com:993', 'imaps://imap.example.com/INBOX', 'imaps://']) {
      expect(() => parseEnv({ IMAP_URL: url }), url).toThrow(EnvError)
    }
  })
})

describe('the reminder of unanswered leads', () => {
  it('comes after 24 hours unless REPLY_DUE_HOURS says otherwise, at least 1', () => {
    expect(parseEnv({}).replyDueHours).toBe(24)
    expect(parseEnv({ REPLY_DUE_HOURS: '8' }).replyDueHours).toBe(8)
    expect(() => parseEnv({ REPLY_DUE_HOURS: '0' })).toThrow(/at least 1/)
    expect(() => parseEnv({ REPLY_DUE_HOURS: 'tomorrow' })).toThrow(/whole number of hours/)
  })
})
