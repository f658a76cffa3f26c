/** The CSV export, built on MessageStore.list: pages of 1,000 (PostgREST's usual row cap) up to
 * LIMITS.inbox.exportMax rows, newest first, in the admin's language. */
import type { ContactMessage, MessageQuery } from '~/domain/messages'
import type { Locale } from '~/domain/locales'
import type { MessageStore } from '~/backend/backend'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import { encodeCsv, formatCsvDate } from './csv'
import { statusLabel } from './status-label'
import { leadSourceText } from '~/features/visits/lead-source-text'

const CHUNK = 1000

export interface ExportFile {
  filename: string
  csv: string
  /** Rows in the file. */
  rows: number
  /** Rows matching the filter; more than `rows` when the export limit cut the file short. */
  total: number
}

export async function collectMessages(
  store: MessageStore,
  query: Pick<MessageQuery, 'status' | 'search' | 'from' | 'to' | 'owner' | 'reply'>,
  max: number = LIMITS.inbox.exportMax,
): Promise<{ items: ContactMessage[]; total: number }> {
  const items: ContactMessage[] = []
  let total = 0
  for (let page = 1; items.length < max; page++) {
    const result = await store.list({ ...query, page, pageSize: CHUNK })
    // A search's count may stop at a cap: then more than `total` match, so at least total + 1.
    total = result.totalExact ? result.total : result.total + 1
    items.push(...result.items.slice(0, max - items.length))
    if (result.items.length < CHUNK || items.length >= total) break
  }
  return { items, total }
}

export async function exportMessagesFile(
  store: MessageStore,
  options: Pick<MessageQuery, 'status' | 'search' | 'from' | 'to' | 'owner' | 'reply'> & { timeZone: string; locale: Locale },
): Promise<ExportFile> {
  const { items, total } = await collectMessages(store, {
    status: options.status,
    search: options.search,
    from: options.from,
    to: options.to,
    owner: options.owner,
    reply: options.reply,
  })
  const locale = { locale: options.locale }
  const header = [
    m.inbox_col_date({}, locale),
    m.inbox_col_name({}, locale),
    m.inbox_col_email({}, locale),
    m.inbox_col_status({}, locale),
    m.inbox_col_message({}, locale),
    m.inbox_col_read_at({}, locale),
    m.inbox_col_ip({}, locale),
    m.inbox_source({}, locale),
  ]
  const rows = items.map((msg) => [
    formatCsvDate(msg.createdAt, options.timeZone),
    msg.name,
    msg.email,
    statusLabel(msg.status, options.locale),
    msg.message,
    formatCsvDate(msg.readAt, options.timeZone),
    msg.ipAddress,
    leadSourceText(msg.leadSource, options.locale),
  ])
  const stamp = formatCsvDate(new Date().toISOString(), options.timeZone).replace(' ', '-').replace(':', '')
  return {
    filename: `${m.inbox_csv_filename({}, locale)}-${stamp}.csv`,
    csv: encodeCsv([header, ...rows], options.locale === 'tr' ? ';' : ','),
    rows: items.length,
    total,
  }
}
