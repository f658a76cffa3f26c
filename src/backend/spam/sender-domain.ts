/**
 * Does the sender's domain exist? A pitch often comes from an address on a domain nobody
 * registered; a person writes from one that receives mail. Asked of DNS (MX, A, AAAA) with a
 * short limit and remembered, so it never holds a post up for long and never refuses one: when
 * DNS cannot answer, or says that even a domain that surely exists does not (an offline server,
 * a sandbox), the answer is 'unknown' and the rule stays out.
 */
import { Resolver } from 'node:dns/promises'
import { LIMITS } from '~/lib/limits'
import { isFreeMail } from './free-mail'

export type DomainAnswer = 'exists' | 'missing' | 'unknown'

/** The part of node:dns's Resolver this needs; tests pass their own. */
export interface DomainResolver {
  resolveMx(domain: string): Promise<unknown[]>
  resolve4(domain: string): Promise<unknown[]>
  resolve6(domain: string): Promise<unknown[]>
}

/** A domain that always has mail servers: if DNS says it does not exist, DNS is not to be believed. */
const CANARY = 'gmail.com'

/** DNS's 'no such name' and 'no such record': anything else (timeout, refused, server failure) says nothing. */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA'])

type Lookup = 'exists' | 'missing' | 'unknown'

async function lookUp(resolver: DomainResolver, domain: string): Promise<Lookup> {
  const answers = await Promise.allSettled([resolver.resolveMx(domain), resolver.resolve4(domain), resolver.resolve6(domain)])
  if (answers.some((a) => a.status === 'fulfilled' && a.value.length > 0)) return 'exists'
  const allAbsent = answers.every(
    (a) => a.status === 'fulfilled' || ABSENT.has(String((a.reason as { code?: unknown } | null)?.code)),
  )
  return allAbsent ? 'missing' : 'unknown'
}

export interface DomainCheckOptions {
  resolver?: DomainResolver
  /** Longest wait for an answer (LIMITS.spam.domainCheckMs); later answers still fill the cache. */
  timeoutMs?: number
  now?: () => number
}

/** The check as the spam store uses it: `check(domain)` answers within timeoutMs, from memory when it can. */
export function createDomainCheck(options: DomainCheckOptions = {}): (domain: string | null) => Promise<DomainAnswer> {
  const resolver = options.resolver ?? new Resolver({ timeout: LIMITS.spam.domainCheckMs, tries: 1 })
  const timeoutMs = options.timeoutMs ?? LIMITS.spam.domainCheckMs
  const now = options.now ?? Date.now
  const cache = new Map<string, { answer: Promise<DomainAnswer>; until: number }>()

  const remembered = (key: string, ask: () => Promise<DomainAnswer>): Promise<DomainAnswer> => {
    const hit = cache.get(key)
    if (hit && hit.until > now()) return hit.answer
    const answer = ask().catch((): DomainAnswer => 'unknown')
    const entry = { answer, until: now() + LIMITS.spam.domainCacheMinutes * 60_000 }
    cache.delete(key)
    cache.set(key, entry)
    // 'unknown' (DNS down) is asked again sooner than a real answer.
    void answer.then((a) => {
      if (a === 'unknown') entry.until = Math.min(entry.until, now() + 60_000)
    })
    if (cache.size > LIMITS.spam.domainCacheSize) cache.delete(cache.keys().next().value!)
    return answer
  }

  const dnsBelievable = () =>
    remembered(`canary:${CANARY}`, async () => ((await lookUp(resolver, CANARY)) === 'exists' ? 'exists' : 'unknown'))

  return async (domain) => {
    if (!domain || isFreeMail(domain) || !/^[a-z0-9.-]+\.[a-z0-9-]+$/.test(domain)) return 'unknown'
    const answer = remembered(domain, async () => {
      const [found, believable] = await Promise.all([lookUp(resolver, domain), dnsBelievable()])
      if (found === 'missing' && believable !== 'exists') return 'unknown'
      return found
    })
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<DomainAnswer>((resolve) => {
      timer = setTimeout(() => resolve('unknown'), timeoutMs)
    })
    try {
      return await Promise.race([answer, late])
    } finally {
      clearTimeout(timer)
    }
  }
}
