/**
 * A contact message's thread: staff's replies, sent through the mail queue, and the visitor's
 * answers. Imports nothing of the app: components may import it freely.
 */
import type { Locale } from './locales'

/** What staff see of a reply's mail: waiting or being sent, taken by the server, or given up. */
export type ReplyDelivery = 'queued' | 'sent' | 'failed'

export interface ThreadEntry {
  id: string
  /** 'reply': staff to the visitor; 'answer': the visitor's mail back. */
  kind: 'reply' | 'answer'
  /** The staff member who sent a reply; null for an answer. */
  author: string | null
  /** The author's name from 'Hesabım', when they set one. */
  authorName: string | null
  locale: Locale
  body: string
  /** A reply's delivery; null for an answer. */
  delivery: ReplyDelivery | null
  createdAt: string
  sentAt: string | null
  /** An answer's attachments, by name and size in bytes: their contents are not imported. */
  attachments: { name: string; size: number }[]
}

export interface MessageThread {
  messageId: string
  /** The language of the page the visitor wrote from; null for messages from before it was kept. */
  locale: Locale | null
  /** Oldest first. */
  entries: ThreadEntry[]
}

/** Why a reply was not sent: no such message, or it is in the trash or spam. */
export type ReplyRefusal = 'not_found' | 'in_trash' | 'spam'

export interface NewReply {
  /** Chosen by the browser for one click: the same id sent twice is one reply. */
  id: string
  messageId: string
  author: string
  locale: Locale
  body: string
}
