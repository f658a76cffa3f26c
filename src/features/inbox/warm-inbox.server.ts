/** The inbox's list queries, once each, as the server starts (docs/decisions/032-inbox-at-scale.md). */
import type { MessageStore } from '~/backend/backend'
import { LIMITS } from '~/lib/limits'

/** One term per path of the list query (message-rows.server.ts messageFilter, messages.server.ts
 * list): 'e' and 'q' for one letter, since a start most messages have ('e' of `.example`, `.com`…)
 * is walked on the date index and a rarer one goes through its own index. */
export const WARM_SEARCHES = ['', 'e', 'q', 'qx', 'ara', 'a.b'] as const

export async function warmInbox(messages: Pick<MessageStore, 'list'>): Promise<number> {
  const started = performance.now()
  for (const search of WARM_SEARCHES) {
    await messages.list({ status: 'all', search, page: 1, pageSize: LIMITS.inbox.pageSize })
  }
  return performance.now() - started
}
