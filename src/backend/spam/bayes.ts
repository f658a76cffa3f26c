/**
 * The model: naive Bayes over words, combined the way Gary Robinson proposed for mail filters
 * (each word's spam probability shrunk towards a prior when it was seen rarely; the most telling
 * words combined by Fisher's chi-square). The prior is the shipped base model's probability for
 * the word (base-model.ts), else 0.5; what this site's staff taught counts only once it has seen
 * enough of both kinds, and outweighs the base as it grows (docs/decisions/260-base-spam-model.md).
 */
export interface TokenCounts {
  spam: number
  ham: number
}

/** The row of public.spam_tokens that counts the messages learned from, not a word. */
export const MESSAGES_TOKEN = '#messages'

export const MODEL = {
  /** Messages of each kind the site must have taught before its own counts say anything. */
  minPerKind: 10,
  /** A base-model word's probability weighs as this many of the site's own sightings of it. */
  baseStrength: 3,
  /** Robinson's s and x: how strongly a word seen n times is pulled towards x. */
  strength: 1,
  neutral: 0.5,
  /** Words whose probability lies within this of 0.5 tell nothing and are left out. */
  minDeviation: 0.1,
  /** At most this many of the most telling words are combined. */
  maxWords: 20,
} as const

/** chi-square's upper tail for an even number of degrees of freedom (Robinson's chi2Q). */
function chi2Q(x2: number, degrees: number): number {
  const m = x2 / 2
  let term = Math.exp(-m)
  let sum = term
  for (let i = 1; i < degrees / 2; i++) {
    term *= m / i
    sum += term
  }
  return Math.min(sum, 1)
}

/** Whether the site's staff have taught enough of both kinds for its own counts to speak. */
export function siteTaught(counts: ReadonlyMap<string, TokenCounts>): boolean {
  const totals = counts.get(MESSAGES_TOKEN)
  return !!totals && totals.spam >= MODEL.minPerKind && totals.ham >= MODEL.minPerKind
}

/**
 * The probability, from 0 to 1, that a message with these words is spam; 0.5 when it cannot tell.
 * `base`: each word's shipped spam probability (none: the site's counts alone).
 */
export function spamProbability(
  tokens: readonly string[],
  counts: ReadonlyMap<string, TokenCounts>,
  base: ReadonlyMap<string, number> = new Map(),
): number {
  const totals = counts.get(MESSAGES_TOKEN)
  const taught = siteTaught(counts)
  const telling: number[] = []
  for (const token of tokens) {
    const prior = base.get(token)
    const seen = taught ? counts.get(token) : undefined
    const n = seen ? seen.spam + seen.ham : 0
    if (n === 0 && prior === undefined) continue
    const x = prior ?? MODEL.neutral
    const strength = prior === undefined ? MODEL.strength : MODEL.baseStrength
    // Robinson's f(w) = (s·x + n·p) / (s + n): the base model's word is the prior x, the site's
    // own n sightings pull it towards what staff said, and outweigh it from a few lessons on.
    const p = seen && n > 0 ? seen.spam / totals!.spam / (seen.spam / totals!.spam + seen.ham / totals!.ham) : x
    const f = (strength * x + n * p) / (strength + n)
    if (Math.abs(f - MODEL.neutral) >= MODEL.minDeviation) telling.push(Math.min(Math.max(f, 0.01), 0.99))
  }
  if (telling.length === 0) return MODEL.neutral
  telling.sort((a, b) => Math.abs(b - 0.5) - Math.abs(a - 0.5))
  const chosen = telling.slice(0, MODEL.maxWords)
  let lnSpam = 0
  let lnHam = 0
  for (const f of chosen) {
    lnSpam += Math.log(f)
    lnHam += Math.log(1 - f)
  }
  const h = chi2Q(-2 * lnSpam, 2 * chosen.length)
  const s = chi2Q(-2 * lnHam, 2 * chosen.length)
  return (1 + h - s) / 2
}
