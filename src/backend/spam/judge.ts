/** One verdict from every layer: the time trap, the content rules, the same text from other
 * addresses, the learned model and staff's word about the sender
 * (docs/decisions/110-spam-filter.md). Pure: the SQL store (../sql/spam.server.ts) looks up the
 * facts, this weighs them. */
import type { StampReading } from '~/lib/form-stamp.server'
import { BASE_MODEL } from './base-model'
import { siteTaught, spamProbability, type TokenCounts } from './bayes'
import { contentSignals, type Signal } from './rules'
import type { DomainAnswer } from './sender-domain'

export type { StampReading }

export interface SpamCandidate {
  name: string
  email: string
  message: string
  /** Absent: the caller has no form stamp to offer (the CLI, a seed); the time trap stays out. */
  stamp?: StampReading
}

export interface SpamFacts {
  /** Learned counts of the message's tokens, and of MESSAGES_TOKEN. */
  counts: ReadonlyMap<string, TokenCounts>
  tokens: readonly string[]
  /** Staff's word on the sender's address, and on its domain (never kept for free-mail domains). */
  address: 'spam' | 'ham' | null
  domain: 'spam' | 'ham' | null
  /** Other addresses that sent the same text within LIMITS.spam.repeatWindowHours. */
  repeats: number
  /** What DNS says of the sender's domain (sender-domain.ts); absent: not asked. */
  senderDomain?: DomainAnswer
  /** The base model's word probabilities; absent: the one shipped (base-model.json). */
  base?: ReadonlyMap<string, number>
}

export interface SpamJudgement {
  spam: boolean
  score: number
  /** The rules that gave points, for the log and the tests; never shown to the visitor. */
  signals: Signal[]
}

export const JUDGE_POINTS = {
  /** At this score a message is spam. */
  threshold: 4,
  stampMissing: 2,
  stampForged: 6,
  stampTooFast: 6,
  /** One other address sent the same text recently: +2; two or more: +5. */
  repeatOnce: 2,
  repeatMany: 5,
  /** The learned model moves the score by (p − 0.5) × this: down by up to 8 … */
  model: 16,
  /**
   * … but up by at most this, below the threshold: the model alone never condemns a message.
   * The base model alone (a fresh site) may say a little more, half a point short of the
   * threshold: it learned thousands of messages balanced by language; once the site's own few
   * dozen lessons count too, the model keeps to the lower bound and errs towards the inbox.
   */
  modelMax: 2.9,
  baseModelMax: 3.5,
  spamSender: 6,
  /** The sender's domain has no mail server and no address in DNS. */
  noSuchDomain: 2,
} as const

const DECISIVE = new Set(['stamp_forged', 'stamp_too_fast', 'spam_sender'])

export function weigh(candidate: SpamCandidate, facts: SpamFacts): SpamJudgement {
  // Staff said this sender (or their firm's own domain) is not spam: that holds over every rule.
  if (facts.address === 'ham' || (facts.address === null && facts.domain === 'ham')) {
    return { spam: false, score: 0, signals: [{ rule: 'trusted_sender', points: 0 }] }
  }
  const signals = contentSignals(candidate)
  const stamp = candidate.stamp
  if (stamp?.kind === 'missing') signals.push({ rule: 'stamp_missing', points: JUDGE_POINTS.stampMissing })
  if (stamp?.kind === 'forged') signals.push({ rule: 'stamp_forged', points: JUDGE_POINTS.stampForged })
  if (stamp?.kind === 'too_fast') signals.push({ rule: 'stamp_too_fast', points: JUDGE_POINTS.stampTooFast })
  if (facts.repeats >= 2) signals.push({ rule: 'repeated', points: JUDGE_POINTS.repeatMany })
  else if (facts.repeats === 1) signals.push({ rule: 'repeated', points: JUDGE_POINTS.repeatOnce })
  if (facts.address === 'spam') signals.push({ rule: 'spam_sender', points: JUDGE_POINTS.spamSender })
  if (facts.senderDomain === 'missing') signals.push({ rule: 'no_such_domain', points: JUDGE_POINTS.noSuchDomain })
  const p = spamProbability(facts.tokens, facts.counts, facts.base ?? BASE_MODEL)
  if (p !== 0.5) {
    const max = siteTaught(facts.counts) ? JUDGE_POINTS.modelMax : JUDGE_POINTS.baseModelMax
    const points = Math.min((p - 0.5) * JUDGE_POINTS.model, max)
    signals.push({ rule: 'model', points: Math.round(points * 100) / 100 })
  }
  const score = signals.reduce((sum, s) => sum + s.points, 0)
  // What the sender did (posted before a person could type, forged the stamp) and what staff said
  // of them are verdicts, not evidence: no model, which weighs only words, may outvote them.
  const decided = signals.some((s) => DECISIVE.has(s.rule))
  return { spam: decided || score >= JUDGE_POINTS.threshold, score, signals }
}
