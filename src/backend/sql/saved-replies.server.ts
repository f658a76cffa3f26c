/**
 * Saved replies ('Hazır Yanıtlar') in public.saved_replies. Each change writes its activity row in
 * its own transaction; the count limit holds under concurrent adds (the table is locked for them).
 */
import type { SavedReplyStore } from '../reply-stores'
import type { SavedReply } from '~/domain/saved-replies'
import { LIMITS } from '~/lib/limits'
import { recordActivity } from './activity.server'
import type { Sql } from './client'

interface Row {
  id: string
  title: string
  body_tr: string
  body_en: string
  created_at: Date
  updated_at: Date
}

const COLUMNS = 'id, title, body_tr, body_en, created_at, updated_at'

const toSavedReply = (row: Row): SavedReply => ({
  id: row.id,
  title: row.title,
  bodyTr: row.body_tr,
  bodyEn: row.body_en,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function createSavedReplyStore(db: Sql, now: () => Date): SavedReplyStore {
  return {
    async list() {
      const { rows } = await db.query<Row>(`select ${COLUMNS} from public.saved_replies order by lower(title), id`)
      return rows.map(toSavedReply)
    },

    async create(input, by) {
      return db.transaction(async (tx) => {
        // Two adds at once must not both pass the count; the lock lets reads through.
        await tx.exec('lock table public.saved_replies in share row exclusive mode')
        const { rows: counted } = await tx.query<{ n: number }>('select count(*)::int as n from public.saved_replies')
        if (counted[0]!.n >= LIMITS.savedReplies.max) return { ok: false as const, reason: 'limit' as const }
        const at = now()
        const { rows } = await tx.query<Row>(
          `insert into public.saved_replies (title, body_tr, body_en, created_at, updated_at)
           values ($1, $2, $3, $4, $4) returning ${COLUMNS}`,
          [input.title, input.bodyTr, input.bodyEn, at],
        )
        const saved = toSavedReply(rows[0]!)
        await recordActivity(tx, { ...by, action: 'saved_reply.create', detail: { id: saved.id, title: saved.title }, at })
        return { ok: true as const, savedReply: saved }
      })
    },

    async update(id, input, by) {
      if (!UUID.test(id)) return null
      return db.transaction(async (tx) => {
        const at = now()
        const { rows } = await tx.query<Row>(
          `update public.saved_replies set title = $2, body_tr = $3, body_en = $4, updated_at = $5
           where id = $1 returning ${COLUMNS}`,
          [id, input.title, input.bodyTr, input.bodyEn, at],
        )
        if (!rows[0]) return null
        await recordActivity(tx, { ...by, action: 'saved_reply.update', detail: { id, title: input.title }, at })
        return toSavedReply(rows[0])
      })
    },

    async remove(id, by) {
      if (!UUID.test(id)) return false
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ title: string }>('delete from public.saved_replies where id = $1 returning title', [id])
        if (!rows[0]) return false
        await recordActivity(tx, { ...by, action: 'saved_reply.delete', detail: { id, title: rows[0].title }, at: now() })
        return true
      })
    },
  }
}
