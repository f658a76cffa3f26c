/** The replies' part of the backend interface (backend.ts): the thread and the saved replies. */
import type { MessageThread, NewReply, ReplyRefusal, ThreadEntry } from '~/domain/replies'
import type { SavedReply, SavedReplyInput, SavedReplyRefusal } from '~/domain/saved-replies'
import type { ActedBy } from './backend'

/**
 * Replies from the desk (docs/decisions/220-replies.md): each written with its queued mail in one
 * transaction, delivered by the mail worker from MAIL_FROM to the visitor.
 */
export interface ReplyStore {
  /** The message's thread, oldest first; null when there is no such message. */
  thread(messageId: string): Promise<MessageThread | null>
  /** Stores and queues a reply; the same id again returns the stored reply and queues nothing. */
  send(input: NewReply, by?: ActedBy): Promise<{ ok: true; reply: ThreadEntry } | { ok: false; reason: ReplyRefusal }>
  /** Queues a failed reply again ('Tekrar Gönder'); null when it is not a failed reply of a message that may be answered. */
  resend(id: string): Promise<ThreadEntry | null>
}

/** Saved replies ('Hazır Yanıtlar'): each change is in the activity log, with who made it. */
export interface SavedReplyStore {
  /** All of them, by title. */
  list(): Promise<SavedReply[]>
  /** Refused once LIMITS.savedReplies.max exist. */
  create(
    input: SavedReplyInput,
    by: ActedBy,
  ): Promise<{ ok: true; savedReply: SavedReply } | { ok: false; reason: SavedReplyRefusal }>
  /** Null when there is no such saved reply. */
  update(id: string, input: SavedReplyInput, by: ActedBy): Promise<SavedReply | null>
  /** False when there was no such saved reply. */
  remove(id: string, by: ActedBy): Promise<boolean>
}
