/** The learned model: naive Bayes over the words staff marked, combined the way Gary Robinson
 * proposed for mail filters (each word's spam probability shrunk towards 0.5 when it was seen
 * rarely; the most telling words combined by Fisher's chi-square). */
export interface TokenCounts {
  spam: number
  ham: number
}

/** The row of public.spam_tokens that counts the messages learned from, not a word. */
export const MESSAGES_TOKEN = '#messages'

export const MODEL = {
  /** Messages of each kind it must have learned from before it says anything. */
  minPerKind: 10,
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

/** The probability, from 0 to 1, that a message with these words is spam; 0.5 when it cannot tell. */
export function spamProbability(tokens: readonly string[], counts: ReadonlyMap<string, TokenCounts>): number {
  const totals = counts.get(MESSAGES_TOKEN)
  if (!totals || totals.spam < MODEL.minPerKind || totals.ham < MODEL.minPerKind) return MODEL.neutral
  const telling: number[] = []
  for (const token of tokens) {
    const seen = counts.get(token)
    if (!seen) continue
    const n = seen.spam + seen.ham
    if (n === 0) continue
    const spamRate = seen.spam / totals.spam
    const hamRate = seen.ham / totals.ham
    const p = spamRate / (spamRate + hamRate)
    const f = (MODEL.strength * MODEL.neutral + n * p) / (MODEL.strength + n)
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
