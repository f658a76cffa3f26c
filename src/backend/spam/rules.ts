/**
 * The content rules: what a message's own text says about it, without any memory. Each rule
 * gives points; judge.ts adds them to the time trap's, the repeats' and the learned model's.
 * Weights are in one table so the decision record and the tests can name them.
 */
import { INQUIRY_PHRASES, PITCH_PHRASES } from './phrases'
import { findLinks, fold, scriptShares } from './text'

export interface Signal {
  rule: string
  points: number
}

/** Shorteners hide where a link goes; nobody asking a consultancy for a quote needs one. */
const SHORTENERS = new Set([
  'bit.ly',
  'bitly.com',
  'tinyurl.com',
  'goo.gl',
  't.co',
  'cutt.ly',
  'is.gd',
  'ow.ly',
  'rebrand.ly',
  'shorturl.at',
  'tiny.cc',
  'rb.gy',
  't.ly',
  's.id',
  'bit.do',
  'buff.ly',
  'shorte.st',
  'adf.ly',
  'v.gd',
  'clck.ru',
  'qrco.de',
  'linktr.ee',
  'tr.im',
  'lnkd.in',
  'urlkisa.com',
])

/** Top-level domains that, in contact-form spam, carry far more pitches than firms. */
const CHEAP_TLDS =
  /\.(xyz|top|click|loan|work|buzz|icu|site|online|shop|store|live|fun|space|website|pw|cn|ru|su|tk|ml|ga|cf|gq)$/

const IP_HOST = /^\d{1,3}(\.\d{1,3}){3}$/

export const RULE_POINTS = {
  /** Two links: +1; three to five: +2; six or more: +3. One link (a company site) is normal. */
  links: [0, 0, 1, 2, 2, 2, 3] as const,
  shortener: 3,
  ipLink: 3,
  cheapTld: 1,
  /** More than half the message is links, or three lines that are nothing but a link. */
  linkList: 4,
  /** More than half the letters in scripts other than Latin (Turkish and English are Latin). */
  foreignScript: 5,
  /** A fifth to a half. */
  someForeignScript: 2,
  /** A link or web address in the name field. */
  linkInName: 4,
  /** Each pitch phrase's own weight (phrases.ts), at most this much together. */
  phrasesMax: 7,
  /** Inquiry habits together lower the score by at most this much. */
  inquiryMax: -2,
} as const

export function contentSignals(input: { name: string; message: string }): Signal[] {
  const signals: Signal[] = []
  const text = input.message
  const links = findLinks(text)
  const linkPoints = RULE_POINTS.links[Math.min(links.length, RULE_POINTS.links.length - 1)]!
  if (linkPoints > 0) signals.push({ rule: 'links', points: linkPoints })
  if (links.some((link) => SHORTENERS.has(link.host))) signals.push({ rule: 'shortener', points: RULE_POINTS.shortener })
  if (links.some((link) => IP_HOST.test(link.host))) signals.push({ rule: 'ip_link', points: RULE_POINTS.ipLink })
  if (links.some((link) => CHEAP_TLDS.test(link.host))) signals.push({ rule: 'cheap_tld', points: RULE_POINTS.cheapTld })

  const linkChars = links.reduce((sum, link) => sum + link.text.length, 0)
  const visible = text.replace(/\s+/g, '').length
  const linkOnlyLines = text.split('\n').filter((line) => {
    const rest = line.replace(/\b(?:https?:\/\/|www\.)\S+/gi, '').replace(/[\s\-–•*>:.,0-9)(]+/g, '')
    return rest.length <= 3 && /(?:https?:\/\/|www\.)/i.test(line)
  }).length
  if (links.length >= 2 && (linkChars > visible * 0.5 || linkOnlyLines >= 3)) {
    signals.push({ rule: 'link_list', points: RULE_POINTS.linkList })
  }

  const { letters, nonLatin } = scriptShares(`${input.name} ${text}`)
  if (letters > 0 && nonLatin / letters > 0.5) signals.push({ rule: 'foreign_script', points: RULE_POINTS.foreignScript })
  else if (letters > 0 && nonLatin / letters > 0.2)
    signals.push({ rule: 'some_foreign_script', points: RULE_POINTS.someForeignScript })

  if (/(?:https?:\/\/|www\.|\.(com|net|org|xyz|ru|info|biz)\b)/i.test(input.name)) {
    signals.push({ rule: 'link_in_name', points: RULE_POINTS.linkInName })
  }

  const folded = fold(text)
  let pitch = 0
  for (const phrase of PITCH_PHRASES)
    if (phrase.pattern.test(folded)) {
      pitch += phrase.weight
      signals.push({ rule: phrase.id, points: phrase.weight })
    }
  if (pitch > RULE_POINTS.phrasesMax) signals.push({ rule: 'phrases_cap', points: RULE_POINTS.phrasesMax - pitch })
  let inquiry = 0
  for (const phrase of INQUIRY_PHRASES) if (phrase.pattern.test(folded)) inquiry += phrase.weight
  if (inquiry < 0) signals.push({ rule: 'inquiry', points: Math.max(inquiry, RULE_POINTS.inquiryMax) })
  return signals
}
