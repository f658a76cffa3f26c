/** The inbox page: newest first, filtered by status and search, with both counts the UI shows. */
import { MESSAGE_SEARCH_COUNT_CAP, MESSAGE_STATUSES, type MessagePage, type MessageQuery, type MessageStatus } from '../domain'
import type { Db } from './clients.server'
import { unwrap, unwrapCount } from './errors.server'
import { searchFilter } from './message-search.server'
import { MESSAGE_COLUMNS, toMessage } from './rows.server'

/** PostgREST's answer (416) to an offset past the last matching row. */
const RANGE_NOT_SATISFIABLE = 'PGRST103'

function matching<Columns extends string>(db: Db, query: MessageQuery, columns: Columns) {
  let request = db.from('contact_messages').select(columns)
  if (query.status !== 'all') request = request.eq('status', query.status)
  const search = query.search.trim()
  if (search !== '') request = request.or(searchFilter(search))
  return request
}

/**
 * Counts come from public.contact_message_counts (kept exact per status by triggers), as in the
 * embedded adapter. A search counts its matches up to a cap, with the embedded adapter's
 * semantics: one probe asks for the cap-th match (offset cap - 1, one id); when there is one, more
 * than cap - 1 match and the total is that lower bound; otherwise fewer than cap match and an exact
 * count is cheap. `count: 'planned'` would be only an estimate, `count: 'exact'` alone runs the
 * search over every matching row, and fetching cap ids would be cut short by PostgREST's max-rows
 * (1,000 on hosted Supabase).
 */
export async function listMessages(db: Db, query: MessageQuery): Promise<MessagePage> {
  const page = Math.max(1, Math.trunc(query.page))
  const pageSize = Math.max(1, Math.trunc(query.pageSize))
  const from = (page - 1) * pageSize
  const search = query.search.trim() !== ''
  const cap = Math.min(Math.max(MESSAGE_SEARCH_COUNT_CAP, page * pageSize), Number.MAX_SAFE_INTEGER - 1) + 1
  const [rows, counts, matches] = await Promise.all([
    matching(db, query, MESSAGE_COLUMNS)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(from, from + pageSize - 1),
    db.from('contact_message_counts').select('status,n'),
    search ? matching(db, query, 'id').range(cap - 1, cap - 1) : null,
  ])
  const byStatus = Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, 0])) as Record<MessageStatus, number>
  for (const row of unwrap('count messages', counts)) {
    if ((MESSAGE_STATUSES as readonly string[]).includes(row.status)) byStatus[row.status as MessageStatus] = Number(row.n)
  }
  // A page past the end is empty, as in the embedded adapter, not an error.
  const items = rows.error?.code === RANGE_NOT_SATISFIABLE ? [] : unwrap('list messages', rows).map(toMessage)
  const unread = byStatus.new
  if (!matches) {
    const total = query.status === 'all' ? MESSAGE_STATUSES.reduce((sum, s) => sum + byStatus[s], 0) : byStatus[query.status]
    return { items, total, totalExact: true, unread, page, pageSize }
  }
  // The probe is past the end when fewer than cap match: PostgREST answers [] or 416.
  const capped = matches.error?.code === RANGE_NOT_SATISFIABLE ? false : unwrap('count matching messages', matches).length > 0
  if (capped) return { items, total: cap - 1, totalExact: false, unread, page, pageSize }
  let exact = db.from('contact_messages').select('id', { count: 'exact', head: true })
  if (query.status !== 'all') exact = exact.eq('status', query.status)
  const total = unwrapCount('count matching messages', await exact.or(searchFilter(query.search.trim())))
  return { items, total, totalExact: true, unread, page, pageSize }
}
