import { describe, expect, it } from 'vitest'
import { LIMITS } from '~/lib/limits'
import { addressDomain, afterFailure, headerSafe, messageExcerpt, retryDelaySeconds } from './mail-rules'

describe('retryDelaySeconds', () => {
  it('doubles from the base up to the cap', () => {
    const { retryBaseSeconds: base, retryMaxSeconds: max } = LIMITS.mail
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([base, base * 2, base * 4, base * 8])
    expect(retryDelaySeconds(50)).toBe(max)
    expect(retryDelaySeconds(1_000_000)).toBe(max)
  })
})

describe('afterFailure', () => {
  const now = new Date('2026-11-25T12:00:00Z')
  const created = new Date('2026-11-25T11:59:00Z')

  it('tries again after the backoff', () => {
    expect(afterFailure({ attempts: 2, createdAt: created, deliverBy: null }, false, now)).toEqual({
      action: 'retry',
      at: new Date(now.getTime() + retryDelaySeconds(2) * 1000),
    })
  })

  it('gives a refused mail up at once', () => {
    expect(afterFailure({ attempts: 1, createdAt: created, deliverBy: null }, true, now)).toEqual({
      action: 'give_up',
      status: 'failed',
    })
  })

  it('lets a code expire rather than arrive after its code', () => {
    const deliverBy = new Date(now.getTime() + 2_000)
    expect(afterFailure({ attempts: 1, createdAt: created, deliverBy }, false, now)).toEqual({
      action: 'give_up',
      status: 'expired',
    })
  })

  it('gives a notification up after LIMITS.mail.giveUpAfterSeconds', () => {
    const old = new Date(now.getTime() - LIMITS.mail.giveUpAfterSeconds * 1000)
    expect(afterFailure({ attempts: 30, createdAt: old, deliverBy: null }, false, now)).toEqual({
      action: 'give_up',
      status: 'failed',
    })
  })
})

describe('messageExcerpt', () => {
  it('keeps a short message whole', () => {
    expect(messageExcerpt('\n\nMerhaba,\r\nbir sorum var.\n')).toBe('Merhaba,\nbir sorum var.')
  })

  it('quotes the first lines and marks the cut', () => {
    const lines = Array.from({ length: 9 }, (_, n) => `line ${n + 1}`).join('\n')
    expect(messageExcerpt(lines)).toBe(`line 1\nline 2\nline 3\nline ${LIMITS.mail.excerptLines} …`)
  })

  it('cuts a long line at LIMITS.mail.excerptChars characters, never inside an emoji', () => {
    const excerpt = messageExcerpt('👍'.repeat(LIMITS.mail.excerptChars + 50))
    expect(Array.from(excerpt.replace(/ …$/, ''))).toHaveLength(LIMITS.mail.excerptChars)
    expect(excerpt.endsWith(' …')).toBe(true)
    expect(excerpt).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/)
  })
})

describe('headerSafe', () => {
  it('makes one line of a name, without controls or direction marks', () => {
    expect(headerSafe('Evil\r\nBcc: x@example.com')).toBe('Evil Bcc: x@example.com')
    expect(headerSafe('  Ayşe\u202E \u0007Yılmaz\u2028 ')).toBe('Ayşe Yılmaz')
  })
})

describe('addressDomain', () => {
  it('reads the domain of a From address', () => {
    expect(addressDomain('Pusula Dijital <no-reply@Pusula.example>')).toBe('pusula.example')
    expect(addressDomain('bildirim@mail.example.com')).toBe('mail.example.com')
  })
})
