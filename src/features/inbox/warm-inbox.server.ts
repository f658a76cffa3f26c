/**
 * The inbox's list queries, once each, as the server starts (docs/decisions/032-inbox-at-scale.md).
 *
 * The first search of each kind after a start cost 40–50 ms more than the next in PGlite: the
 * WebAssembly functions it runs are compiled at their first call, and the catalogue entries and
 * planner statistics it reads are loaded then. Staff who open the inbox right after a deploy
 * should not pay for that, so the server pays it itself, once, before anyone asks: each kind of
 * list the inbox makes (no search, one letter, two letters, a substring, a name or address
 * prefix), with the results thrown away. Nothing is written.
 */
import type { MessageStore } from '~/backend/backend'
import { LIMITS } from '~/lib/limits'

/**
 * One term per path of the list query (message-rows.server.ts messageFilter, messages.server.ts
 * list): 'e' and 'q' for one letter, since a start most messages have ('e' of `.example`,
 * `.com`…) is walked on the date index and a rarer one goes through its own index.
 */
export const WARM_SEARCHES = ['', 'e', 'q', 'qx', 'ara', 'a.b'] as const

export async function warmInbox(messages: Pick<MessageStore, 'list'>): Promise<number> {
  const started = performance.now()
  for (const search of WARM_SEARCHES) {
    await messages.list({ status: 'all', search, page: 1, pageSize: LIMITS.inbox.pageSize })
  }
  return performance.now() - started
}
