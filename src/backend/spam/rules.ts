/**
 * The content rules: what a message's own text says about it, without any memory. Each rule
 * gives points; judge.ts adds them to the time trap's, the repeats' and the learned model's.
 * Weights are in one table so the decision record and the tests can name them.
 */
import { SITE } from '~/lib/site-config'
import { isFreeMail } from './free-mail'
import { INQUIRY_PHRASES, PITCH_PHRASES } from './phrases'
import { domainOf, findLinks, fold, scriptShares } from './text'

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

/** Second-level labels under a country code ('firma.com.tr', 'firm.co.uk'): the name is one label further in. */
const SECOND_LEVEL = new Set(['com', 'net', 'org', 'gov', 'edu', 'co', 'ac', 'av', 'bel', 'gen', 'k12', 'web', 'biz', 'info'])

/** The label a domain is named by: 'pusuladijital' for www.pusuladijital.com.tr. */
export function siteName(host: string): string {
  const labels = host.replace(/^www\./, '').split('.')
  const tail = labels.length >= 3 && labels.at(-1)!.length === 2 && SECOND_LEVEL.has(labels.at(-2)!) ? 3 : 2
  return (labels.at(-tail) ?? '').replace(/[^a-z0-9]/g, '')
}

/** Hosts any inquiry may point to (a profile, a shared document, a video): never unrelated. */
const COMMON_HOSTS =
  /(^|\.)(linkedin\.com|google\.com|youtube\.com|youtu\.be|github\.com|microsoft\.com|sharepoint\.com|dropbox\.com|wetransfer\.com)$/

/** The firm's own site as a pitch names it ('I audited pusuladijital.com.tr'). */
const OWN_NAME = siteName(domainOf(SITE.email) ?? '')
const OWN_DOMAIN = OWN_NAME ? new RegExp(`\\b${OWN_NAME}\\.[a-z]`) : null

/** An amount with a currency, or a discount: the price tag of an offer. Budgets ('bütçemiz') are an inquiry's. */
const PRICE =
  /(\d[\d.,]*\s?(tl|try|₺|usd|usdt|eur|euro|dolar|dollars?|€|\$|£)(?![\p{L}])|(₺|\$|€|£)\s?\d|%\s?\d+\s?(indirim|off)|\d+\s?%\s?(off|discount|indirim))/iu
const BUDGET = /\b(butce|budget)/

/** A promise no honest firm makes: placement, results or ranking guaranteed, or no pay. */
const GUARANTEE =
  /\b(guarantee[ds]?|garantili|garantisi|garanti ediyoruz|garanti veriyoruz|or (you )?(don'?t|do not) pay|pay only (after|when|if)|money[- ]back|full refund|ucret iade|ucret yok|odeme yok)\b/

/** An order to the reader, as adverts give them: 'sign up now', 'hemen başvurun', 'bize ulaşın'. */
const IMPERATIVE =
  /\b(sign up|try (it )?(free|now|today)|book (here|now|today)|register (now|today|here|free)|order (now|today|here)|buy now|contact us (now|today)|get started|start (your )?free|visit (us|our (site|website|store))|bize (donun|ulasin|yazin|danisin)|(kayit|uye) olun|deneyin|yanitlayin|goz atin|indirin|basvurun|hemen (arayin|yazin|ulasin|basvurun|baslayin|deneyin|alin|kaydolun))\b/

/** A free thing offered ('ücretsiz keşif'), not asked about ('ücretsiz mi?'). */
const FREE_OFFER = /\b(ucretsiz|bedava)\s(?!mi\b|mu\b|olarak mi)\p{L}{3,}/u

/** Marketing's round boasts: '1,500+ clients', '20.000+', '500'den fazla'. */
const BIG_NUMBER = /(\b\d{3,}\+|\b\d{1,3}[.,]\d{3}\+|\b\d{3,}[.,]?\d*'?(den|dan) fazla)/

/**
 * Turkish second-person possessives with a case ending ('sitenizi', 'firmanızın', 'işletmenize'),
 * against first-person ones ('firmamız', 'sistemimizi'): a pitch is about the reader's things,
 * an inquiry about the writer's. Verbs ('misiniz', 'yapabilirsiniz') carry no case ending.
 */
const YOUR_TR = /\p{L}{2,}(?<!s)[iu]?n[iu]z(i|in|e|de|den|le|la|a|da|dan|u|un)\b/gu
const OUR_TR = /\p{L}{2,}[iu]?m[iu]z(i|in|e|de|den|le|la|a|da|dan|u|un)?\b/gu

/** A request to write on a messaging app, with the number or handle to write to. */
const MESSENGER = /\b(whats ?app|telegram|signal|viber|wechat|skype)\b[^\n]{0,40}?(\+?\d[\d\s()-]{6,}|@[a-z0-9_]{3,})/

/** A wish put to the reader as a question, or the writer's wish to present something. */
const OFFERED =
  /\b\p{L}+ ister misiniz\b|\b(tanitmak|anlatmak|sunmak|gostermek|bilgi vermek|tanistirmak) (ister(im|iz)|istiyor(um|uz))\b/gu

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
  /** A link to a domain that is neither the sender's nor a common one (a profile, a shared file). */
  unrelatedLink: 1,
  /** An amount with a currency or a discount, outside talk of the writer's own budget. */
  price: 1,
  /** 'Guaranteed', 'garantili', 'or you don't pay'. */
  guarantee: 1.5,
  /** A WhatsApp or Telegram number or handle to write to. */
  messenger: 1.5,
  /** The firm's own domain named in the text: the target of an audit or an offer. */
  ownDomain: 1.5,
  /** An advert's order to the reader ('sign up now', 'bize ulaşın'). */
  imperative: 1,
  /** 'ücretsiz keşif', 'bedava deneme': something free on offer. */
  freeOffer: 1,
  /** '1,500+', '500'den fazla'. */
  bigNumber: 1,
  /** Turkish 'your …' words twice or more, and more than 'our …' ones. */
  aboutTheReaderTr: 1.5,
  /** Up to this many characters the word rules count in full (diluted() beyond). */
  wordsFullUpTo: 1000,
} as const

export function contentSignals(input: { name: string; email?: string; message: string }): Signal[] {
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

  // A firm writes from its own domain and links to it; a pitch sent from anywhere links elsewhere.
  const senderDomain = input.email ? domainOf(input.email) : null
  const senderName = senderDomain && !isFreeMail(senderDomain) ? siteName(senderDomain) : null
  const unrelated = links.some((link) => {
    if (!link.host || IP_HOST.test(link.host) || COMMON_HOSTS.test(link.host)) return false
    const name = siteName(link.host)
    if (name === OWN_NAME) return false
    return !senderName || !(name.includes(senderName) || senderName.includes(name))
  })
  if (unrelated) signals.push({ rule: 'unrelated_link', points: RULE_POINTS.unrelatedLink })
  if (OWN_DOMAIN?.test(folded)) {
    signals.push({ rule: 'own_domain', points: RULE_POINTS.ownDomain })
  }
  if (GUARANTEE.test(folded)) signals.push({ rule: 'guarantee', points: RULE_POINTS.guarantee })
  if (MESSENGER.test(folded)) signals.push({ rule: 'messenger', points: RULE_POINTS.messenger })
  if (IMPERATIVE.test(folded)) signals.push({ rule: 'imperative', points: RULE_POINTS.imperative })
  if (FREE_OFFER.test(folded)) signals.push({ rule: 'free_offer', points: RULE_POINTS.freeOffer })
  if (BIG_NUMBER.test(folded)) signals.push({ rule: 'big_number', points: RULE_POINTS.bigNumber })
  const yourTr = (folded.match(YOUR_TR) ?? []).length
  if (yourTr >= 2 && yourTr > (folded.match(OUR_TR) ?? []).length) {
    signals.push({ rule: 'about_the_reader_tr', points: RULE_POINTS.aboutTheReaderTr })
  }

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
  // The general price tag, unless the pitch phrases' own price rule already counted one.
  if (!signals.some((s) => s.rule === 'price_pitch') && PRICE.test(folded) && !BUDGET.test(folded)) {
    signals.push({ rule: 'price', points: RULE_POINTS.price })
  }
  if (pitch > RULE_POINTS.phrasesMax) signals.push({ rule: 'phrases_cap', points: RULE_POINTS.phrasesMax - pitch })
  // 'Görüşmek ister misiniz?' and 'tanıtmak isteriz' offer to the reader: not an inquiry's asking.
  const asking = folded.replace(OFFERED, ' ')
  let inquiry = 0
  for (const phrase of INQUIRY_PHRASES) if (phrase.pattern.test(asking)) inquiry += phrase.weight
  if (inquiry < 0) signals.push({ rule: 'inquiry', points: Math.max(inquiry, RULE_POINTS.inquiryMax) })
  return text.length > RULE_POINTS.wordsFullUpTo ? diluted(signals, text.length) : signals
}

/** Rules that look for words anywhere in the text: the longer a letter, the likelier one by chance
 * (with the phrases' cap, so that diluted phrases are capped by as much). */
const WORDY = new Set([
  ...PITCH_PHRASES.map((p) => p.id),
  'phrases_cap',
  'price',
  'guarantee',
  'messenger',
  'imperative',
  'free_offer',
  'big_number',
  'unrelated_link',
  'about_the_reader',
  'about_the_reader_tr',
])

/** A long text's word rules count by √(limit / length): a three-line pitch's phrase is its point, a long letter's may be chance. */
function diluted(signals: Signal[], length: number): Signal[] {
  const k = Math.sqrt(RULE_POINTS.wordsFullUpTo / length)
  return signals.map((s) => (WORDY.has(s.rule) ? { ...s, points: Math.round(s.points * k * 100) / 100 } : s))
}
