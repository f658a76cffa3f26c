/**
 * A lead's 'Geçmiş', from its one source: the activity log's rows naming it, oldest first. Only
 * the detail a line shows leaves the server (old and new values, a verdict), never a note's id.
 */
import type { Backend } from '~/backend/backend'
import type { HistoryEntry } from '~/domain/leads'

const text = (value: unknown) => (typeof value === 'string' ? value : value === null ? null : undefined)

export async function historyOf(backend: Pick<Backend, 'activity'>, messageId: string): Promise<HistoryEntry[]> {
  const rows = await backend.activity.forMessage(messageId)
  return rows.reverse().map((row) => {
    const from = text(row.detail.from)
    // A status change stores the new status as `status` (the messages store's rows), an owner change as `to`.
    const to = text('to' in row.detail ? row.detail.to : row.detail.status)
    return {
      id: row.id,
      at: row.at,
      action: row.action,
      actor: row.actor,
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
      ...(typeof row.detail.spam === 'boolean' ? { spam: row.detail.spam } : {}),
      ...(row.detail.left === true ? { left: true } : {}),
    }
  })
}
