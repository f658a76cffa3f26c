import type { ContactMessage } from '~/domain/messages'

/** What a row, the detail panel and the keyboard can do to one message; which of them is offered depends on its place. */
export interface MessageHandlers {
  /** new → read, read → archived, archived → read. */
  toggle: (message: ContactMessage) => void
  spam: (message: ContactMessage) => void
  notSpam: (message: ContactMessage) => void
  /** To the trash, with 'Geri Al' in its notice. */
  remove: (message: ContactMessage) => void
  /** Out of the trash. */
  restore: (message: ContactMessage) => void
  /** Asks, then deletes for good. */
  purge: (message: ContactMessage) => void
}
