import { describe, expect, it, vi } from 'vitest'
import type { NewContactMessage } from '~/domain/messages'
import { weigh } from '~/backend/spam/judge'
import { tokenize } from '~/backend/spam/text'
import { AppError } from '~/lib/app-error'
import { LIMITS } from '~/lib/limits'
import { overwriteGetLocale } from '~/paraglide/runtime'
import { parseContactSubmission } from './contact.schemas'
import { acceptContactMessage, type ContactDeps } from './contact.server'

const RAW = { name: ' Ayşe Yılmaz ', email: 'ayse@example.com', message: 'ERP seçimi için görüşmek isteriz.' }
const VALID = parseContactSubmission(RAW)

/** The real weighing on an empty memory; `trusted` stands in for staff's 'Spam Değil' on the sender. */
function spamJudge(trusted: string[] = []): ContactDeps['spam'] {
  return {
    judge: async (candidate) =>
      weigh(candidate, {
        counts: new Map(),
        tokens: tokenize(candidate, null),
        address: trusted.includes(candidate.email) ? 'ham' : null,
        domain: null,
        repeats: 0,
      }),
  }
}

const PITCH =
  'Hi, I came across your website and noticed it is not ranking on the first page of Google. We offer SEO services at an affordable price. Are you interested? https://bit.ly/seo-deal'

function setup(extra: Partial<ContactDeps> = {}) {
  const stored: NewContactMessage[] = []
  const messages = {
    create: vi.fn(async (input: NewContactMessage) => {
      stored.push(input)
      return { id: `m${stored.length}`, createdAt: new Date().toISOString() }
    }),
  }
  // The database limiter's own behaviour is in the backend contract; here a counter stands in.
  const hits = new Map<string, number>()
  const limiter = {
    hit: async (ip: string) => {
      const count = hits.get(ip) ?? 0
      if (count >= LIMITS.rate.contactPerIp.max) return 42
      hits.set(ip, count + 1)
      return 0
    },
  }
  return { stored, deps: { messages, limiter, spam: spamJudge(), ...extra } satisfies ContactDeps }
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('expected a rejection')
}

describe('acceptContactMessage', () => {
  it('stores the trimmed message with the sender address and status new', async () => {
    const { stored, deps } = setup()
    const outcome = await acceptContactMessage(VALID, '10.0.0.1', deps)
    expect(outcome).toEqual({ status: 'stored', id: 'm1', spam: false })
    expect(stored).toEqual([
      { name: 'Ayşe Yılmaz', email: 'ayse@example.com', message: RAW.message, ipAddress: '10.0.0.1', status: 'new' },
    ])
  })

  it('refuses invalid input with a 400 and localized field messages, storing nothing', async () => {
    overwriteGetLocale(() => 'en')
    const { stored, deps } = setup()
    const error = await rejection(
      (async () => acceptContactMessage(parseContactSubmission({ name: 'A', email: 'x', message: '' }), '10.0.0.1', deps))(),
    )
    expect(error.status).toBe(400)
    expect(error.fields).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email',
      message: 'Message is required',
    })
    expect(stored).toHaveLength(0)
    overwriteGetLocale(() => 'tr')
  })

  it('drops a submission whose honeypot is filled, silently', async () => {
    const { stored, deps } = setup()
    expect(await acceptContactMessage({ ...VALID, website: 'https://spam.example' }, '10.0.0.1', deps)).toEqual({
      status: 'dropped',
    })
    expect(stored).toHaveLength(0)
  })

  it('answers 429 in the caller language once an address exceeds the limit', async () => {
    const { stored, deps } = setup()
    const { max } = LIMITS.rate.contactPerIp
    for (let i = 0; i < max; i++) await acceptContactMessage(VALID, '10.0.0.2', deps)
    const error = await rejection(acceptContactMessage(VALID, '10.0.0.2', deps))
    expect(error.status).toBe(429)
    expect(error.code).toBe('rate_limited')
    expect(error).toBeInstanceOf(AppError)
    expect(error.retryAfterSeconds).toBe(42)
    expect(error.message).toBe('Kısa sürede çok sayıda mesaj gönderdiniz. Lütfen daha sonra tekrar deneyin.')
    expect(stored).toHaveLength(max)
    // Another address is not affected.
    await expect(acceptContactMessage(VALID, '10.0.0.3', deps)).resolves.toMatchObject({ status: 'stored' })
  })

  it('stores spam with status spam, answering the visitor as for any message', async () => {
    const { stored, deps } = setup()
    const pitch = parseContactSubmission({ name: 'Mark Davis', email: 'mark@growth-seo.example', message: PITCH })
    expect(await acceptContactMessage(pitch, '10.0.0.4', deps)).toEqual({ status: 'stored', id: 'm1', spam: true })
    expect(stored[0]?.status).toBe('spam')
  })

  it('takes a post sooner than a person could type as spam, and a normal one as new', async () => {
    const { stored, deps } = setup({ stamp: { kind: 'too_fast', ageSeconds: 0.4 } })
    await acceptContactMessage(VALID, '10.0.0.5', deps)
    const normal = setup({ stamp: { kind: 'ok', ageSeconds: 45 } })
    await acceptContactMessage(VALID, '10.0.0.5', normal.deps)
    expect([stored[0]?.status, normal.stored[0]?.status]).toEqual(['spam', 'new'])
  })

  it("adds the outside service's 'spam', but never over staff's trust, and goes on without its answer", async () => {
    const flagged = setup({ outside: async () => 'spam' })
    await acceptContactMessage(VALID, '10.0.0.6', flagged.deps)
    const trusted = setup({ outside: async () => 'spam', spam: spamJudge(['ayse@example.com']) })
    await acceptContactMessage(VALID, '10.0.0.6', trusted.deps)
    const silent = setup({ outside: async () => null })
    await acceptContactMessage(VALID, '10.0.0.6', silent.deps)
    expect([flagged.stored[0]?.status, trusted.stored[0]?.status, silent.stored[0]?.status]).toEqual(['spam', 'new', 'new'])
  })
})
