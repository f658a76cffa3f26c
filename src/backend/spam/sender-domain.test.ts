/**
 * The sender-domain check against a stand-in DNS: what it believes, what it refuses to believe
 * (a DNS that denies even gmail.com), how long it may hold a post, and what it remembers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LIMITS } from '~/lib/limits'
import { weigh } from './judge'
import { createDomainCheck, type DomainResolver } from './sender-domain'

const fail = (code: string) => Promise.reject(Object.assign(new Error(code), { code }))

/** A DNS that knows `known` (MX) and gmail.com, says ENOTFOUND for the rest; counts questions. */
function fakeDns(known: string[], asked: string[] = []): DomainResolver {
  const answer = (domain: string) => {
    asked.push(domain)
    return known.includes(domain) || domain === 'gmail.com'
      ? Promise.resolve([{ exchange: `mx.${domain}`, priority: 10 }])
      : fail('ENOTFOUND')
  }
  return {
    resolveMx: answer,
    resolve4: (d) => (known.includes(d) ? Promise.resolve(['192.0.2.1']) : fail('ENOTFOUND')),
    resolve6: () => fail('ENODATA'),
  }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the sender-domain check', () => {
  it('says a registered domain exists and an unregistered one is missing', async () => {
    const check = createDomainCheck({ resolver: fakeDns(['karamantekstil.com.tr']) })
    expect(await check('karamantekstil.com.tr')).toBe('exists')
    expect(await check('no-such-firm-4821.com')).toBe('missing')
  })

  it('asks nothing for free mail, missing or malformed domains', async () => {
    const asked: string[] = []
    const check = createDomainCheck({ resolver: fakeDns([], asked) })
    expect(await check('gmail.com')).toBe('unknown')
    expect(await check(null)).toBe('unknown')
    expect(await check('not a domain')).toBe('unknown')
    expect(asked).toEqual([])
  })

  it('believes nothing from a DNS that denies even gmail.com (offline, a sandbox)', async () => {
    const denyAll: DomainResolver = {
      resolveMx: () => fail('ENOTFOUND'),
      resolve4: () => fail('ENOTFOUND'),
      resolve6: () => fail('ENOTFOUND'),
    }
    expect(await createDomainCheck({ resolver: denyAll })('no-such-firm-4821.com')).toBe('unknown')
  })

  it('says nothing when DNS fails otherwise (timeout, refused)', async () => {
    const down: DomainResolver = {
      resolveMx: () => fail('ECONNREFUSED'),
      resolve4: () => fail('ETIMEOUT'),
      resolve6: () => fail('ESERVFAIL'),
    }
    expect(await createDomainCheck({ resolver: down })('no-such-firm-4821.com')).toBe('unknown')
  })

  it(`gives up after ${LIMITS.spam.domainCheckMs} ms, and the late answer serves the next post`, async () => {
    vi.useFakeTimers()
    let answerLate: (records: unknown[]) => void = () => {}
    const slow: DomainResolver = {
      resolveMx: (d) => (d === 'gmail.com' ? Promise.resolve([{}]) : new Promise((resolve) => (answerLate = resolve))),
      resolve4: () => fail('ENODATA'),
      resolve6: () => fail('ENODATA'),
    }
    const check = createDomainCheck({ resolver: slow })
    const first = check('slow-dns-firm.com')
    let settled: string | null = null
    void first.then((a) => (settled = a))
    await vi.advanceTimersByTimeAsync(LIMITS.spam.domainCheckMs - 1)
    expect(settled).toBeNull()
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toBe('unknown')
    answerLate([{ exchange: 'mx.slow-dns-firm.com', priority: 10 }])
    await vi.advanceTimersByTimeAsync(0)
    expect(await check('slow-dns-firm.com')).toBe('exists')
  })

  it('remembers an answer for the cache period, then asks again', async () => {
    let clock = 0
    const asked: string[] = []
    const check = createDomainCheck({ resolver: fakeDns(['acme-firm.com'], asked), now: () => clock })
    await check('acme-firm.com')
    await check('acme-firm.com')
    expect(asked.filter((d) => d === 'acme-firm.com')).toHaveLength(1)
    clock += LIMITS.spam.domainCacheMinutes * 60_000 + 1
    await check('acme-firm.com')
    expect(asked.filter((d) => d === 'acme-firm.com')).toHaveLength(2)
  })
})

describe('a sender domain that does not exist, in the verdict', () => {
  const inquiry = {
    name: 'Ayşe Kaya',
    email: 'ayse@no-such-firm-4821.com',
    message: 'Merhaba, ERP geçişi için görüşmek istiyoruz.',
  }
  const facts = { counts: new Map(), tokens: [], address: null, domain: null, repeats: 0, base: new Map() }

  it('adds points but alone never makes a message spam', () => {
    const judged = weigh(inquiry, { ...facts, senderDomain: 'missing' })
    expect(judged.signals).toContainEqual({ rule: 'no_such_domain', points: 2 })
    expect(judged.spam).toBe(false)
    expect(weigh(inquiry, { ...facts, senderDomain: 'unknown' }).signals.map((s) => s.rule)).not.toContain('no_such_domain')
  })

  it("counts for nothing once staff trust the sender's domain", () => {
    expect(weigh(inquiry, { ...facts, domain: 'ham', senderDomain: 'missing' }).spam).toBe(false)
    expect(weigh(inquiry, { ...facts, domain: 'ham', senderDomain: 'missing' }).signals).toEqual([
      { rule: 'trusted_sender', points: 0 },
    ])
  })
})
