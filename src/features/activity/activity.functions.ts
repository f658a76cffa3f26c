/**
 * The activity log's server functions (owners only): validate → authorize (requireOwner) → the
 * backend. Reading the log is itself not logged; exporting it is.
 */
import { createServerFn } from '@tanstack/react-start'
import { getBackend } from '~/backend/get-backend.server'
import type { ActivityQuery, ActivityRow } from '~/domain/activity'
import { requireOwner } from '~/features/auth/require-admin'
import { LIMITS } from '~/lib/limits'
import { validate } from '~/lib/validate'
import { encodeCsv } from '~/features/inbox/csv'
import { ActivitySearchSchema, type ActivitySearch } from './activity.schemas'
import { actingAs } from './acting.server'

/** The firm's day boundaries: Istanbul is UTC+3 all year. */
const dayStart = (day: string) => `${day}T00:00:00+03:00`
const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return `${d.toISOString().slice(0, 10)}T00:00:00+03:00`
}

function toQuery(search: ActivitySearch, limit: number): ActivityQuery {
  return {
    actor: search.actor || undefined,
    action: search.action,
    from: search.from ? dayStart(search.from) : undefined,
    until: search.to ? nextDay(search.to) : undefined,
    before: search.before,
    limit,
  }
}

/** A row as the page gets it: the detail's values flattened to what a table shows. */
export type ActivityRowView = Omit<ActivityRow, 'detail'> & { detail: Record<string, string | number | boolean | null> }

function view(row: ActivityRow): ActivityRowView {
  const detail: ActivityRowView['detail'] = {}
  for (const [key, value] of Object.entries(row.detail)) {
    detail[key] =
      value === null || ['string', 'number', 'boolean'].includes(typeof value) ? (value as string) : JSON.stringify(value)
  }
  return { ...row, detail }
}

export interface ActivityPage {
  rows: ActivityRowView[]
  /** The id to ask `before` for the next page; null on the last one. */
  next: string | null
}

export const listActivity = createServerFn({ method: 'GET' })
  .middleware([requireOwner])
  .validator(validate(ActivitySearchSchema))
  .handler(async ({ data }): Promise<ActivityPage> => {
    const backend = await getBackend()
    const size = LIMITS.activity.pageSize
    const rows = await backend.activity.list(toQuery(data, size + 1))
    return { rows: rows.slice(0, size).map(view), next: rows.length > size ? rows[size - 1]!.id : null }
  })

/** The filtered log as CSV (at most LIMITS.inbox.exportMax rows); the export is logged. */
export const exportActivityCsv = createServerFn({ method: 'POST' })
  .middleware([requireOwner])
  .validator(validate(ActivitySearchSchema))
  .handler(async ({ data, context }): Promise<{ filename: string; csv: string; rows: number }> => {
    const backend = await getBackend()
    const rows = await backend.activity.list(toQuery({ ...data, before: undefined }, LIMITS.inbox.exportMax))
    const header = ['at', 'actor', 'action', 'message_ids', 'subject', 'detail', 'request_id', 'address']
    const lines = rows.map((r) => [
      r.at,
      r.actor,
      r.action,
      r.messageIds.join(' '),
      r.subject ?? '',
      JSON.stringify(r.detail),
      r.requestId ?? '',
      r.address ?? '',
    ])
    await backend.activity.record({
      ...actingAs(context.user.email),
      action: 'activity.export',
      detail: {
        actor: data.actor ?? '',
        action: data.action ?? '',
        from: data.from ?? '',
        to: data.to ?? '',
        count: rows.length,
      },
    })
    const stamp = new Date().toISOString().slice(0, 10)
    return { filename: `activity-log-${stamp}.csv`, csv: encodeCsv([header, ...lines], ','), rows: rows.length }
  })
