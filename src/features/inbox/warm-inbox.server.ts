/** The inbox's list queries, once each, as the server starts (docs/decisions/032-inbox-at-scale.md). */
import type { MessageStore } from '~/backend/backend'
import type { MessageQuery } from '~/domain/messages'
import { quickRange } from '~/domain/date-range'
import { LIMITS } from '~/lib/limits'

/** One term per path of the list query (message-rows.server.ts messageFilter, messages.server.ts
 * list): 'e' and 'q' for one letter, since a start most messages have ('e' of `.example`, `.com`…)
 * is walked on the date index and a rarer one goes through its own index. */
export const WARM_SEARCHES = ['', 'e', 'q', 'qx', 'ara', 'a.b'] as const

/** The team's lists, counted on their indexes up to the cap (decision 240): the unassigned leads,
 * each member's own ('Bana Atanan', up to `warmOwners` of them) and 'Bu Ay'. */
export function warmFilters(now: Date, owners: readonly string[] = []): Pick<MessageQuery, 'owner' | 'from' | 'to'>[] {
  return [
    { owner: { kind: 'none' } },
    ...owners.slice(0, LIMITS.inbox.warmOwners).map((email) => ({ owner: { kind: 'email', email } as const })),
    quickRange('month', now),
  ]
}

export async function warmInbox(
  messages: Pick<MessageStore, 'list'>,
  now = new Date(),
  owners: readonly string[] = [],
): Promise<number> {
  const started = performance.now()
  const base = { status: 'all', search: '', page: 1, pageSize: LIMITS.inbox.pageSize } as const
  // Side by side, so a pool opens and warms that many connections; one database (PGlite) queues them.
  const searches = async () => {
    for (const search of WARM_SEARCHES) await messages.list({ ...base, search })
  }
  await Promise.all(Array.from({ length: LIMITS.inbox.warmConnections }, searches))
  for (const filter of warmFilters(now, owners)) await messages.list({ ...base, ...filter })
  return performance.now() - started
}
