/** The inbox page: newest first, filtered by status and search, with both counts the UI shows. */
import type { MessagePage, MessageQuery } from '../domain'
import type { Db } from './clients.server'
import { SupabaseDataError, unwrap, unwrapCount } from './errors.server'
import { searchFilter } from './message-search.server'
import { MESSAGE_COLUMNS, toMessage } from './rows.server'

/** PostgREST's answer (416) to an offset past the last matching row. */
const RANGE_NOT_SATISFIABLE = 'PGRST103'

function matching(db: Db, query: MessageQuery, head: boolean) {
  let request = db.from('contact_messages').select(MESSAGE_COLUMNS, { count: 'exact', head })
  if (query.status !== 'all') request = request.eq('status', query.status)
  const search = query.search.trim()
  if (search !== '') request = request.or(searchFilter(search))
  return request
}

export async function listMessages(db: Db, query: MessageQuery): Promise<MessagePage> {
  const page = Math.max(1, Math.trunc(query.page))
  const pageSize = Math.max(1, Math.trunc(query.pageSize))
  const from = (page - 1) * pageSize
  const [rows, unread] = await Promise.all([
    matching(db, query, false)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(from, from + pageSize - 1),
    db.from('contact_messages').select('id', { count: 'exact', head: true }).eq('status', 'new'),
  ])
  const unreadCount = unwrapCount('count unread messages', unread)
  if (rows.error?.code === RANGE_NOT_SATISFIABLE) {
    // A page past the end is empty, as in the embedded adapter, not an error.
    const total = unwrapCount('count messages', await matching(db, query, true))
    return { items: [], total, unread: unreadCount, page, pageSize }
  }
  const items = unwrap('list messages', rows).map(toMessage)
  if (rows.count === null) throw new SupabaseDataError('list messages', { message: 'no count returned' })
  return { items, total: rows.count, unread: unreadCount, page, pageSize }
}
