/**
 * Contact messages in public.contact_messages. Times come from the store's clock rather than
 * the database's now(), so tests that move the clock see consistent ordering.
 */
import type { MessageStore, NewMessageContext } from '../backend'
import { type ContactMessage, MESSAGE_STATUSES, type MessageStatus, messagePaging, searchCountLimit, validIds } from '../domain'
import type { ContactMessageSeed } from '../seed-messages'
import type { Sql } from './client'
import { MESSAGE_COLUMNS, type MessageRow, messageFilter, toContactMessage } from './message-rows.server'

/** What a new message causes besides its row: the admins' notifications (mail/notifications.server.ts). */
export interface NewMessageEffects {
  /** In the message's transaction, so a stored message always has its notifications queued. */
  queueNotifications(tx: Sql, message: { id: string; createdAt: Date }, context: NewMessageContext | undefined): Promise<void>
  /** After the commit. */
  kick(): void
}

export function createMessageStore(db: Sql, now: () => Date, effects?: NewMessageEffects): MessageStore {
  return {
    async create(input, context) {
      const row = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string; created_at: Date }>(
          `insert into public.contact_messages (name, email, message, ip_address, created_at)
           values ($1, $2, $3, $4, $5) returning id, created_at`,
          [input.name, input.email, input.message, input.ipAddress ?? null, now()],
        )
        const created = rows[0]!
        await effects?.queueNotifications(tx, { id: created.id, createdAt: created.created_at }, context)
        return created
      })
      effects?.kick()
      return { id: row.id, createdAt: row.created_at.toISOString() }
    },

    async list(query) {
      const { page, pageSize } = messagePaging(query)
      const { where, params } = messageFilter(query)
      const limit = `$${params.length + 1}`
      const offset = `$${params.length + 2}`
      const search = query.search.trim() !== ''
      const cap = searchCountLimit(page, pageSize)
      // One snapshot: the page and the counts see the same rows.
      return db.transaction(
        async (tx) => {
          // Kept exact by the triggers of the message_counts migration.
          const counts = await tx.query<{ status: MessageStatus; n: number }>(
            'select status, n::int as n from public.contact_message_counts',
          )
          const byStatus = Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, 0])) as Record<MessageStatus, number>
          for (const row of counts.rows) byStatus[row.status] = row.n
          const unread = byStatus.new
          const pageOf = async () => {
            const items = await tx.query<MessageRow>(
              `select ${MESSAGE_COLUMNS} from public.contact_messages where ${where}
             order by created_at desc, id desc limit ${limit} offset ${offset}`,
              [...params, pageSize, (page - 1) * pageSize],
            )
            return items.rows.map(toContactMessage)
          }
          if (!search) {
            const total =
              query.status === 'all' ? MESSAGE_STATUSES.reduce((sum, s) => sum + byStatus[s], 0) : byStatus[query.status]
            return { items: await pageOf(), total, totalExact: true, unread, page, pageSize }
          }
          // Searches visit only the rows the indexes propose: the planner would rather scan the table
          // and stop at the cap, but every row costs a lower-casing ILIKE (~10 µs a column in PGlite),
          // so a rare term would read all of it (docs/decisions/032-inbox-at-scale.md, 077).
          await tx.exec('set local enable_seqscan = off')
          const matched = await tx.query<{ n: number }>(
            `select count(*)::int as n from (select 1 from public.contact_messages where ${where} limit $${params.length + 1}) m`,
            [...params, cap],
          )
          const n = matched.rows[0]!.n
          const totalExact = n < cap
          // Fewer matches than the cap: sorting them is cheap, while walking the date index in
          // the hope of meeting them early would read every row for a rare term. A common term
          // (count at the cap) meets its page early on the date index.
          if (totalExact) await tx.exec('set local enable_indexscan = off')
          return { items: await pageOf(), total: totalExact ? n : cap - 1, totalExact, unread, page, pageSize }
        },
        { snapshot: true },
      )
    },

    async get(id) {
      if (validIds([id]).length === 0) return null
      const { rows } = await db.query<MessageRow>(`select ${MESSAGE_COLUMNS} from public.contact_messages where id = $1`, [id])
      return rows[0] ? toContactMessage(rows[0]) : null
    },

    async getMany(ids) {
      const valid = validIds(ids)
      if (valid.length === 0) return []
      const { rows } = await db.query<MessageRow>(
        `select ${MESSAGE_COLUMNS} from public.contact_messages where id = any($1::uuid[])
         order by created_at desc, id desc`,
        [valid],
      )
      return rows.map(toContactMessage)
    },

    async update(ids, patch, where) {
      const valid = validIds(ids)
      if (valid.length === 0) return []
      const params: unknown[] = [valid, patch.status]
      let set = 'status = $2'
      // read_at is part of the patch only when given: toggling archived → read keeps the old one.
      if (patch.readAt !== undefined) {
        params.push(patch.readAt)
        set += `, read_at = $${params.length}::timestamptz`
      }
      let condition = 'id = any($1::uuid[])'
      if (where) {
        params.push(where.status)
        condition += ` and status = $${params.length}`
      }
      const { rows } = await db.query<MessageRow>(
        `update public.contact_messages set ${set} where ${condition} returning ${MESSAGE_COLUMNS}`,
        params,
      )
      return rows.map(toContactMessage).sort(newestFirst)
    },

    async remove(ids) {
      const valid = validIds(ids)
      if (valid.length === 0) return 0
      const result = await db.query('delete from public.contact_messages where id = any($1::uuid[])', [valid])
      return result.rowCount
    },
  }
}

function newestFirst(a: ContactMessage, b: ContactMessage): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1
  return a.id < b.id ? 1 : -1
}

/** Bulk insert with explicit status and times (seed, tests, benchmark): one statement per call. */
export async function insertContactMessages(db: Sql, seeds: readonly ContactMessageSeed[]): Promise<string[]> {
  if (seeds.length === 0) return []
  const { rows } = await db.query<{ id: string }>(
    `insert into public.contact_messages (name, email, message, status, created_at, read_at, ip_address)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::text[])
     returning id`,
    [
      seeds.map((s) => s.name),
      seeds.map((s) => s.email),
      seeds.map((s) => s.message),
      seeds.map((s) => s.status),
      seeds.map((s) => s.createdAt.toISOString()),
      seeds.map((s) => s.readAt?.toISOString() ?? null),
      seeds.map((s) => s.ipAddress),
    ],
  )
  return rows.map((row) => row.id)
}
