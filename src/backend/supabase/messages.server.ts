/** Contact messages through the service role: the app has authorized the caller already. */
import type { ContactMessage, MessagePatch } from '../domain'
import type { MessageStore } from '../backend'
import type { Db } from './clients.server'
import { unwrap, unwrapCount, unwrapMaybe } from './errors.server'
import { listMessages } from './list-messages.server'
import { MESSAGE_COLUMNS, toMessage } from './rows.server'
import { toIsoTimestamp } from './timestamps'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Postgres rejects a malformed uuid with an error; such an id simply matches no row. */
function validIds(ids: string[]): string[] {
  return [...new Set(ids.filter((id) => UUID.test(id)))]
}

/** created_at desc, id desc; ISO timestamps and lowercase uuids sort as plain strings. */
function newestFirst(a: ContactMessage, b: ContactMessage): number {
  const descending = (x: string, y: string) => (x < y ? 1 : x > y ? -1 : 0)
  return descending(a.createdAt, b.createdAt) || descending(a.id.toLowerCase(), b.id.toLowerCase())
}

function patchColumns(patch: MessagePatch) {
  return { status: patch.status, ...(patch.readAt !== undefined ? { read_at: patch.readAt } : {}) }
}

export function createMessageStore(db: Db): MessageStore {
  return {
    async create(input) {
      const row = unwrap(
        'create message',
        await db
          .from('contact_messages')
          .insert({
            name: input.name,
            email: input.email,
            message: input.message,
            ip_address: input.ipAddress ?? null,
          })
          .select('id,created_at')
          .single(),
      )
      return { id: row.id, createdAt: toIsoTimestamp(row.created_at) }
    },

    list: (query) => listMessages(db, query),

    async get(id) {
      if (!UUID.test(id)) return null
      const row = unwrapMaybe('get message', await db.from('contact_messages').select(MESSAGE_COLUMNS).eq('id', id).maybeSingle())
      return row ? toMessage(row) : null
    },

    async getMany(ids) {
      const targets = validIds(ids)
      if (targets.length === 0) return []
      const rows = unwrap('get messages', await db.from('contact_messages').select(MESSAGE_COLUMNS).in('id', targets))
      return rows.map(toMessage).sort(newestFirst)
    },

    async update(ids, patch, where) {
      const targets = validIds(ids)
      if (targets.length === 0) return []
      let request = db.from('contact_messages').update(patchColumns(patch)).in('id', targets)
      // Only rows still in the status the caller saw: a concurrent change wins, this one is a no-op.
      if (where) request = request.eq('status', where.status)
      const rows = unwrap('update messages', await request.select(MESSAGE_COLUMNS))
      // The inbox's order, so the result does not depend on how Postgres visited the rows.
      return rows.map(toMessage).sort(newestFirst)
    },

    async remove(ids) {
      const targets = validIds(ids)
      if (targets.length === 0) return 0
      return unwrapCount('delete messages', await db.from('contact_messages').delete({ count: 'exact' }).in('id', targets))
    },
  }
}
