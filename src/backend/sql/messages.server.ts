/** Contact messages in public.contact_messages. Times come from the store's clock rather than the
 * database's now(), so tests that move the clock see consistent ordering. */
import type { MessageStore, NewMessageContext } from '../backend'
import type { ActivityAction, ActivityActor } from '~/domain/activity'
import { dateRangeOf, rangeBounds } from '~/domain/date-range'
import { SITE_ACTOR } from '~/domain/leads'
import { recordActivity } from './activity.server'
import {
  type ContactMessage,
  INBOX_STATUSES,
  MESSAGE_STATUSES,
  type StatusFilter,
  messagePaging,
  searchCountLimit,
  searchMode,
  validIds,
} from '~/domain/messages'
import { LIMITS } from '~/lib/limits'
import type { ContactMessageSeed } from '../seed-messages'
import type { Sql } from './client'
import {
  MESSAGE_COLUMNS,
  type MessageRow,
  WORD_START,
  messageFilter,
  messageOrder,
  toContactMessage,
} from './message-rows.server'
import { type SearchStats, readSearchStats, searchStatsGeneration, substringShare } from './search-stats.server'

/** What a new message causes besides its row: the admins' notifications (mail/notifications.server.ts). */
export interface NewMessageEffects {
  /** In the message's transaction, so a stored message always has its notifications queued. */
  queueNotifications(tx: Sql, message: { id: string; createdAt: Date }, context: NewMessageContext | undefined): Promise<void>
  /** After the commit. */
  kick(): void
}

/** From this share of the messages on (the column's statistics), a one- or two-letter word start is
 * counted by walking the newest messages (at most cap ÷ share rows, about 5,000) instead of through
 * its index: measured on 100,000 seeded messages in PGlite, 'e' (every address) took 27–58 ms
 * through the index and 2–5 ms walking, while 'ş' (5 %) took 15 ms through the index and 50 ms
 * walking (docs/decisions/032-inbox-at-scale.md). */
const COMMON_WORD_START = 0.5

/** From this share of the messages on (readSearchStats), a substring search is counted and paged by
 * walking the newest messages, as a common word start is (decision 188). */
const COMMON_SUBSTRING = 0.5

/** A capped substring search's page is walked on the date index when the estimate says it is met
 * within this many rows (page × page size ÷ share): each compared in full, about 10 ms on
 * PostgreSQL 17 (decision 188). */
const PAGE_WALK_ROWS = 10_000

/** How often the search columns' statistics are read again (readSearchStats). */
const WORD_START_STATS_MS = 10 * 60_000

/** Below this share of the messages (the column's statistics), a substring search is counted through
 * its trigram index whatever the planner thinks of the index (decision 180). */
const RARE_SUBSTRING = 0.2

export function createMessageStore(db: Sql, now: () => Date, effects?: NewMessageEffects): MessageStore {
  let searchStats: { readAt: number; generation: number; stats: SearchStats } | undefined
  /** The search columns' statistics (up to 100 common values, 101 bounds and the common word
   * starts), read once in a while, not per call: they change only with ANALYZE. Read again at once
   * after an erasure's ANALYZE (forgetSearchStats), so that no erased text stays in memory. */
  async function statsOf(tx: Sql): Promise<SearchStats> {
    if (
      !searchStats ||
      performance.now() - searchStats.readAt > WORD_START_STATS_MS ||
      searchStats.generation !== searchStatsGeneration()
    ) {
      searchStats = { readAt: performance.now(), generation: searchStatsGeneration(), stats: await readSearchStats(tx) }
    }
    return searchStats.stats
  }
  const searchTextStats = async (tx: Sql) => (await statsOf(tx)).text
  /** The share of messages whose name or address has a word starting with `term`, from the most
   * common elements ANALYZE keeps of the word-start column (0 when it is not among them: then it is
   * rare). */
  const wordStartShare = async (tx: Sql, term: string) => (await statsOf(tx)).wordStarts.get(term.toLowerCase()) ?? 0

  return {
    async create(input, context) {
      const row = await db.transaction(async (tx) => {
        const status = input.status ?? 'new'
        const { rows } = await tx.query<{ id: string; created_at: Date }>(
          `insert into public.contact_messages (name, email, message, ip_address, created_at, status, locale, source)
           values ($1, $2, $3, $4, $5, $6, $7, $8) returning id, created_at`,
          [
            input.name,
            input.email,
            input.message,
            input.ipAddress ?? null,
            now(),
            status,
            input.locale ?? null,
            input.leadSource ? JSON.stringify(input.leadSource) : null,
          ],
        )
        const created = rows[0]!
        // The first line of the lead's history, with the filter's verdict (docs/decisions/240-leads-as-a-team.md).
        await recordActivity(tx, {
          actor: SITE_ACTOR,
          action: 'message.receive',
          messageIds: [created.id],
          detail: { spam: status === 'spam' },
          at: created.created_at,
        })
        // Spam tells nobody: its notification is queued if staff mark it 'not spam' (markNotSpam).
        if (status !== 'spam') await effects?.queueNotifications(tx, { id: created.id, createdAt: created.created_at }, context)
        return created
      })
      if (input.status !== 'spam') effects?.kick()
      return { id: row.id, createdAt: row.created_at.toISOString() }
    },

    async list(query) {
      const { page, pageSize } = messagePaging(query, LIMITS.inbox)
      const { where, params } = messageFilter(query)
      const limit = `$${params.length + 1}`
      const offset = `$${params.length + 2}`
      const search = query.search.trim() !== ''
      const cap = searchCountLimit(page, pageSize)
      // One snapshot: the page and the counts see the same rows.
      return db.transaction(
        async (tx) => {
          // Kept exact by the triggers of the message_counts and trash_and_spam migrations: per
          // status of the rows out of the trash, and 'trash' for the rows in it.
          const counts = await tx.query<{ status: Exclude<StatusFilter, 'all'>; n: number }>(
            'select status, n::int as n from public.contact_message_counts',
          )
          const byBucket = Object.fromEntries([...MESSAGE_STATUSES, 'trash'].map((s) => [s, 0])) as Record<
            Exclude<StatusFilter, 'all'>,
            number
          >
          for (const row of counts.rows) byBucket[row.status] = row.n
          const unread = byBucket.new
          const pageOf = async () => {
            const items = await tx.query<MessageRow>(
              `select ${MESSAGE_COLUMNS} from public.contact_messages where ${where}
             order by ${messageOrder(query.status, query.reply)} limit ${limit} offset ${offset}`,
              [...params, pageSize, (page - 1) * pageSize],
            )
            return items.rows.map(toContactMessage)
          }
          // The messages the filter holds, searched or not.
          const inFilter =
            query.status === 'all' ? INBOX_STATUSES.reduce((sum, s) => sum + byBucket[s], 0) : byBucket[query.status]
          const { since, before } = rangeBounds(dateRangeOf(query).range)
          if (!search && (since || before || query.owner || query.reply)) {
            // The counters hold no dates, owners or replies: counted on their indexes up to the cap, as a
            // search's ('1.000+'); a member named as a range, else the planner walks the date index, not
            // the owner's (docs/decisions/240-leads-as-a-team.md).
            const byOwner = query.owner?.kind === 'email' && !query.reply && query.status !== 'trash'
            const counting = byOwner ? messageFilter(query, { ownerAsRange: true }) : { where, params }
            const counted = await tx.query<{ n: number }>(
              `select count(*)::int as n from (select 1 from public.contact_messages where ${counting.where}
               order by ${byOwner ? 'owner_email, ' : ''}${messageOrder(query.status, query.reply)} limit ${cap}) counted`,
              counting.params,
            )
            const n = counted.rows[0]!.n
            if (n >= cap) return { items: await pageOf(), total: cap - 1, totalExact: false, unread, page, pageSize }
            return { items: await pageOf(), total: n, totalExact: true, unread, page, pageSize }
          }
          if (!search) return { items: await pageOf(), total: inFilter, totalExact: true, unread, page, pageSize }
          // A word-start search visits only the rows its index proposes: without statistics of how
          // common a word start is, the planner would read the table (decision 077).
          const term = query.search.trim()
          const share = searchMode(term) === 'substring' ? substringShare(await searchTextStats(tx), term) : undefined
          const walk = WORD_START.test(term)
            ? (await wordStartShare(tx, term)) >= COMMON_WORD_START
            : (share ?? 0) >= COMMON_SUBSTRING
          if (walk) await tx.exec('set local enable_bitmapscan = off; set local enable_seqscan = off')
          else if (searchMode(term) === 'wordStart') await tx.exec('set local enable_seqscan = off')
          else if (share !== undefined && share < RARE_SUBSTRING) await tx.exec('set local enable_seqscan = off')
          // The matches up to the cap, counted, and, when they are fewer than the cap, the page's
          // among them: sorting those few is cheap, while walking the date index in the hope of
          // meeting them early would read every row for a rare term (decision 196).
          const order = messageOrder(query.status, query.reply)
          const matched = await tx.query<{ n: number; id: string | null }>(
            `with hits as materialized (
               select id, created_at, deleted_at from public.contact_messages where ${where}
               ${walk ? `order by ${order}` : ''} limit $${params.length + 1}
             ), total as (select count(*)::int as n from hits)
             select total.n, shown.id from total left join lateral (
               select id from hits where total.n < $${params.length + 1}
               order by ${order} limit $${params.length + 2} offset $${params.length + 3}
             ) shown on true`,
            [...params, cap, pageSize, (page - 1) * pageSize],
          )
          const n = matched.rows[0]!.n
          if (n < cap) {
            const ids = matched.rows.flatMap((row) => (row.id === null ? [] : [row.id]))
            return { items: await messagesById(tx, ids, order), total: n, totalExact: true, unread, page, pageSize }
          }
          // A common term (count at the cap) meets its page early on the date index. The planner
          // knows that only if it may read the statistics: for the server's role under RLS it
          // guesses a handful of matches and sorts them all (15,000 for 'platform', 50–60 ms on
          // PostgreSQL 17).
          const common = share === undefined ? 0 : Math.max(share, inFilter > 0 ? cap / inFilter : 0)
          if (!walk && common > 0 && (page * pageSize) / common <= PAGE_WALK_ROWS)
            await tx.exec('set local enable_bitmapscan = off; set local enable_seqscan = off')
          return { items: await pageOf(), total: cap - 1, totalExact: false, unread, page, pageSize }
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
      return messagesById(db, validIds(ids), messageOrder('all'))
    },

    async update(ids, patch, where, by) {
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
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<MessageRow>(
          `update public.contact_messages set ${set} where ${condition} returning ${MESSAGE_COLUMNS}`,
          params,
        )
        const changed = rows.map(toContactMessage).sort(newestFirst)
        await record(tx, by, by?.action ?? 'message.status', changed, { status: patch.status })
        return changed
      })
    },

    async remove(ids) {
      const valid = validIds(ids)
      if (valid.length === 0) return 0
      const result = await db.query('delete from public.contact_messages where id = any($1::uuid[])', [valid])
      return result.rowCount
    },

    ...createTrashAndSpam(db, now, effects),
  }
}

/** The activity log's row of a change staff made (`by`), in its transaction; none when nothing changed. */
async function record(
  tx: Sql,
  by: ActivityActor | undefined,
  action: ActivityAction,
  changed: readonly { id: string }[],
  detail?: Record<string, unknown>,
): Promise<void> {
  if (!by || changed.length === 0) return
  await recordActivity(tx, { ...by, action, messageIds: changed.map((m) => m.id), detail: { count: changed.length, ...detail } })
}

/** The messages with these (valid) ids, in `order` (messageOrder). */
async function messagesById(sql: Sql, ids: string[], order: string): Promise<ContactMessage[]> {
  if (ids.length === 0) return []
  const { rows } = await sql.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from public.contact_messages where id = any($1::uuid[]) order by ${order}`,
    [ids],
  )
  return rows.map(toContactMessage)
}

type TrashAndSpam = Pick<MessageStore, 'trash' | 'restore' | 'purge' | 'emptyTrash' | 'markSpam' | 'markNotSpam'>

/** The trash and the spam status (docs/decisions/030-inbox-workflow.md). */
function createTrashAndSpam(db: Sql, now: () => Date, effects?: NewMessageEffects): TrashAndSpam {
  /** `set` on the valid ids that also meet `condition`; the rows changed, newest first. */
  async function change(ids: string[], set: string, condition: string, params: unknown[] = [], tx: Sql = db) {
    const valid = validIds(ids)
    if (valid.length === 0) return []
    const { rows } = await tx.query<MessageRow>(
      `update public.contact_messages set ${set} where id = any($1::uuid[]) and ${condition} returning ${MESSAGE_COLUMNS}`,
      [valid, ...params],
    )
    return rows.map(toContactMessage).sort(newestFirst)
  }

  /** Deletes for good the rows `where` picks, recording them when staff asked; returns how many. */
  async function destroy(where: string, params: unknown[], by: ActivityActor | undefined): Promise<number> {
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(`delete from public.contact_messages where ${where} returning id`, params)
      await record(tx, by, 'message.purge', rows)
      return rows.length
    })
  }

  return {
    trash: (ids, by) =>
      db.transaction(async (tx) => {
        const changed = await change(ids, 'deleted_at = $2', 'deleted_at is null', [now()], tx)
        await record(tx, by, 'message.trash', changed)
        return changed
      }),
    restore: (ids, by) =>
      db.transaction(async (tx) => {
        const changed = await change(ids, 'deleted_at = null', 'deleted_at is not null', [], tx)
        await record(tx, by, 'message.restore', changed)
        return changed
      }),

    async purge(ids, by) {
      const valid = validIds(ids)
      if (valid.length === 0) return 0
      return destroy('id = any($1::uuid[]) and deleted_at is not null', [valid], by)
    },

    emptyTrash: (by) => destroy('deleted_at is not null', [], by),

    markSpam: (ids, by) =>
      db.transaction(async (tx) => {
        const changed = await change(ids, `status = 'spam'`, `status <> 'spam' and deleted_at is null`, [], tx)
        await record(tx, by, 'message.spam', changed)
        // A notification not sent yet would put the spam in front of every admin after all.
        await tx.query(
          `update public.mail_queue set status = 'cancelled'
           where kind = 'new_message' and status = 'pending' and message_id = any($1::uuid[])`,
          [changed.map((message) => message.id)],
        )
        return changed
      }),

    async markNotSpam(ids, context, by) {
      const at = now()
      const changed = await db.transaction(async (tx) => {
        const rows = await change(ids, `status = 'new', read_at = null`, `status = 'spam' and deleted_at is null`, [], tx)
        await record(tx, by, 'message.not_spam', rows)
        // Told as if it arrived now: it reaches the admins only now.
        for (const message of [...rows].reverse()) {
          await effects?.queueNotifications(tx, { id: message.id, createdAt: at }, context)
        }
        return rows
      })
      if (changed.length > 0) effects?.kick()
      return changed
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
    `insert into public.contact_messages (name, email, message, status, created_at, read_at, ip_address, deleted_at)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::text[],
                          $8::timestamptz[])
     returning id`,
    [
      seeds.map((s) => s.name),
      seeds.map((s) => s.email),
      seeds.map((s) => s.message),
      seeds.map((s) => s.status),
      seeds.map((s) => s.createdAt.toISOString()),
      seeds.map((s) => s.readAt?.toISOString() ?? null),
      seeds.map((s) => s.ipAddress),
      seeds.map((s) => s.deletedAt?.toISOString() ?? null),
    ],
  )
  return rows.map((row) => row.id)
}
