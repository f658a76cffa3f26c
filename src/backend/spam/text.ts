/** The text features the spam filter looks at: links, letters by script, words. Pure functions, run
 * on the form's three fields as the visitor sent them. */

/** http(s) links and bare `www.` hosts; a form message has no markup, so this is all a link can be. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"')\]]+/gi

export interface Link {
  text: string
  /** Lower-cased host without `www.`; empty when the link has none we can read. */
  host: string
}

export function findLinks(text: string): Link[] {
  const links: Link[] = []
  for (const match of text.matchAll(LINK)) {
    const raw = match[0].replace(/[.,;:!?]+$/, '')
    const withScheme = /^https?:\/\//i.test(raw) ? raw : `http://${raw}`
    let host = ''
    try {
      host = new URL(withScheme).hostname.toLowerCase().replace(/^www\./, '')
    } catch {}
    links.push({ text: raw, host })
  }
  return links
}

/** Letters by script: Latin (Turkish letters included) against everything else. */
export function scriptShares(text: string): { letters: number; nonLatin: number } {
  let letters = 0
  let nonLatin = 0
  for (const char of text) {
    if (!/\p{L}/u.test(char)) continue
    letters++
    if (!/\p{Script=Latin}/u.test(char)) nonLatin++
  }
  return { letters, nonLatin }
}

/** Lower case with the Turkish letters folded to ASCII, so 'Teşekkürler', 'TESEKKURLER' and a typo
 * without the dots meet in one token. `toLocaleLowerCase('tr')` would make English 'I' into 'ı'. */
export function fold(text: string): string {
  return text
    .replaceAll('İ', 'i')
    .replaceAll('I', 'i')
    .toLowerCase()
    .replace(/[ıİ]/g, 'i')
    .replace(/ş/g, 's')
    .replace(/ğ/g, 'g')
    .replace(/ç/g, 'c')
    .replace(/ö/g, 'o')
    .replace(/ü/g, 'u')
    .replace(/[âà]/g, 'a')
    .replace(/[îí]/g, 'i')
    .replace(/[ûú]/g, 'u')
    .replace(/\u0307/g, '')
}

const MAX_TOKENS = 400

/** The words the learned model counts, each once per message: folded words of 2–24 letters, link
 * hosts as `url:<host>`, the sender's domain as `from:<domain>` (left out for free-mail domains,
 * which say nothing about a sender). */
export function tokenize(message: { name: string; email: string; message: string }, senderDomain: string | null): string[] {
  const tokens = new Set<string>()
  for (const link of findLinks(message.message)) if (link.host) tokens.add(`url:${link.host}`.slice(0, 64))
  const words = fold(message.message.replace(LINK, ' ')).match(/[\p{L}\p{N}$€£%'’-]+/gu) ?? []
  for (const raw of words) {
    const word = raw.replace(/^['’-]+|['’-]+$/g, '')
    if (word.length < 2 || word.length > 24) continue
    if (/^\d+$/.test(word)) continue
    tokens.add(word)
    if (tokens.size >= MAX_TOKENS) break
  }
  if (senderDomain) tokens.add(`from:${senderDomain}`.slice(0, 64))
  return [...tokens]
}

/** The text with everything that varies between copies of one mass mailing taken out (case, digits,
 * punctuation, spacing, the greeting's name), cut to its first 400 letters. */
export function normalisedForFingerprint(message: string): string {
  return fold(message.replace(LINK, ' '))
    .replace(/[^\p{L}]+/gu, '')
    .slice(0, 400)
}

/** The domain of an address, lower-cased; null when the address has none. */
export function domainOf(email: string): string | null {
  const at = email.lastIndexOf('@')
  if (at < 0) return null
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
  return domain === '' ? null : domain
}
