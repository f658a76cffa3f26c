/** The content rules: what a message's own text says about it, without any memory. Each rule gives
 * points; judge.ts adds them to the time trap's, the repeats' and the learned model's. Weights are
 * in one table so the decision record and the tests can name them. */
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

const ACTION_LINK =
  /(t\.me\/|wa\.me\/|calendly\.com\/|\/(join|apply|order|register|offer|trial|demo|claim|verify|pay|confirm|kampanya|giris|bf|packages|scan|assess|renew)\b|[?&]ref=)/i

const IP_HOST = /^\d{1,3}(\.\d{1,3}){3}$/

export const RULE_POINTS = {
  /** Links per 1,000 characters: two +0.5; three to five +1; six or more +2. One (a company site) is normal. */
  links: [0, 0, 0.5, 1, 1, 1, 2] as const,
  /** A link that asks for an action (join, apply, order, claim…), or to a chat or booking page. */
  actionLink: 2,
  shortener: 3,
  ipLink: 3,
  cheapTld: 1,
  /** More than half the message is links, or most of its lines are nothing but a link. */
  linkList: 3,
  /** More than half the letters in scripts other than Latin (Turkish and English are Latin). */
  foreignScript: 5,
  /** A fifth to a half. */
  someForeignScript: 2,
  /** A link in the name field. */
  linkInName: 4,
  /** A domain name in the name field ('Cheap-SEO.com'); some firms sign so, hence less. */
  domainInName: 1.5,
  /** Each pitch phrase's own weight (phrases.ts), at most this much together. */
  phrasesMax: 7,
  /** Inquiry habits together lower the score by at most this much. */
  inquiryMax: -2.5,
  /** 'you' and 'your' four times or more, and more often than 'we', 'our', 'I'. */
  aboutTheReader: 1.5,
  /** Two or more exclamation marks, one per 300 characters at least: an advert's voice (a person's '!!!' counts once). */
  exclamations: 1,
} as const

export function contentSignals(input: { name: string; message: string }): Signal[] {
  const signals: Signal[] = []
  const text = input.message
  const folded = fold(text)
  const links = findLinks(text)
  // Counted per 1,000 characters: a long letter may cite a few pages, a pitch of three lines may not.
  const perThousand = Math.floor(links.length / Math.max(1, text.length / 1000))
  const linkPoints = RULE_POINTS.links[Math.min(perThousand, RULE_POINTS.links.length - 1)]!
  if (linkPoints > 0) signals.push({ rule: 'links', points: linkPoints })
  if (links.some((link) => SHORTENERS.has(link.host))) signals.push({ rule: 'shortener', points: RULE_POINTS.shortener })
  if (links.some((link) => IP_HOST.test(link.host))) signals.push({ rule: 'ip_link', points: RULE_POINTS.ipLink })
  if (links.some((link) => CHEAP_TLDS.test(link.host))) signals.push({ rule: 'cheap_tld', points: RULE_POINTS.cheapTld })

  if (links.some((link) => ACTION_LINK.test(link.text))) signals.push({ rule: 'action_link', points: RULE_POINTS.actionLink })

  const linkChars = links.reduce((sum, link) => sum + link.text.length, 0)
  const visible = text.replace(/\s+/g, '').length
  const lines = text.split('\n').filter((line) => line.trim() !== '')
  const linkOnlyLines = lines.filter((line) => {
    const rest = line.replace(/\b(?:https?:\/\/|www\.)\S+/gi, '').replace(/[\s\-–•*>:.,0-9)(]+/g, '')
    return rest.length <= 3 && /(?:https?:\/\/|www\.)/i.test(line)
  }).length
  if (links.length >= 2 && (linkChars > visible * 0.5 || (linkOnlyLines >= 3 && linkOnlyLines >= lines.length * 0.5))) {
    signals.push({ rule: 'link_list', points: RULE_POINTS.linkList })
  }

  const { letters, nonLatin } = scriptShares(`${input.name} ${text}`)
  if (letters > 0 && nonLatin / letters > 0.5) signals.push({ rule: 'foreign_script', points: RULE_POINTS.foreignScript })
  else if (letters > 0 && nonLatin / letters > 0.2)
    signals.push({ rule: 'some_foreign_script', points: RULE_POINTS.someForeignScript })

  if (/(?:https?:\/\/|www\.)/i.test(input.name)) signals.push({ rule: 'link_in_name', points: RULE_POINTS.linkInName })
  else if (/\.(com|net|org|xyz|ru|info|biz|top|site|online)\b/i.test(input.name)) {
    signals.push({ rule: 'domain_in_name', points: RULE_POINTS.domainInName })
  }

  // Pitches talk about the reader ('your site, your leads'); inquiries about the writer's own firm.
  const you = (folded.match(/\b(you|your|yours)\b/g) ?? []).length
  const we = (folded.match(/\b(we|our|us|i|my|me)\b/g) ?? []).length
  if (you >= 4 && you > we) signals.push({ rule: 'about_the_reader', points: RULE_POINTS.aboutTheReader })

  if ((text.match(/!+/g) ?? []).length >= Math.max(2, text.length / 300))
    signals.push({ rule: 'exclamations', points: RULE_POINTS.exclamations })

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
