/** Where a message is, for what the inbox offers on it: the inbox (new, read, archived), spam, or
 * the trash (whatever its status). Runs anywhere. */
import type { ContactMessage, StatusFilter } from '~/domain/messages'

export type MessagePlace = 'inbox' | 'spam' | 'trash'

export function placeOf(message: Pick<ContactMessage, 'status' | 'deletedAt'>): MessagePlace {
  if (message.deletedAt !== null) return 'trash'
  return message.status === 'spam' ? 'spam' : 'inbox'
}

/** The place a status filter lists. */
export function placeOfFilter(status: StatusFilter): MessagePlace {
  return status === 'trash' || status === 'spam' ? status : 'inbox'
}
