/** GET /api/inbox-events: changes of the inbox as server-sent events, for open inboxes (decision
 * 091). Admins only, checked here as requireAdmin checks server functions (401 without a session,
 * 403 for anyone else); same-origin only. */
import type { AuthService, InboxChange, InboxEvents, LeadService, RequestContext } from '~/backend/backend'
import type { LeadPresence } from '~/domain/leads'
import type { AuthUser } from '~/domain/accounts'
import type { SessionEnds } from '~/backend/staff-sessions'
import { personKey } from '~/backend/sql/session-ends.server'
import { createEventStream, eventStreamResponse } from '~/lib/event-stream.server'
import { LIMITS } from '~/lib/limits'

export const HEARTBEAT_MS = 25_000
/** How long the browser waits before reconnecting after the stream ends or drops. */
export const RETRY_MS = 3_000

export interface InboxStreamOptions {
  signal?: AbortSignal
  heartbeatMs?: number
  /** The stream ends after this long; the browser reconnects and is authorized again. */
  lifetimeMs?: number
  /** Who has a lead open, as `presence` events: the page shows them and never reads its list for them. */
  presence?: Pick<LeadService, 'subscribePresence'>
  /** The stream says `signed_out` and ends as soon as this person's session ends (on any instance). */
  watch?: { sessionEnds: SessionEnds; user: AuthUser }
}

/** `ready` once changes are being heard (the page reads its list again then, so nothing written
 * while it connected is missed), an `inbox` event per change, a comment every HEARTBEAT_MS. If the
 * database cannot be heard, the stream ends and the browser tries again after RETRY_MS. */
export function createInboxEventStream(events: InboxEvents, options: InboxStreamOptions = {}): ReadableStream<Uint8Array> {
  return createEventStream({
    name: 'inbox-events',
    retryMs: RETRY_MS,
    heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
    lifetimeMs: options.lifetimeMs ?? LIMITS.inbox.liveStreamSeconds * 1000,
    signal: options.signal,
    async start(sink) {
      const stop = await events.subscribe((change: InboxChange) => sink.send('inbox', change))
      let stopPresence = () => {}
      try {
        stopPresence = (await options.presence?.subscribePresence((p: LeadPresence) => sink.send('presence', p))) ?? stopPresence
      } catch (error) {
        stop()
        throw error
      }
      let stopWatch = () => {}
      const watch = options.watch
      if (watch) {
        const person = personKey(watch.user.email)
        try {
          stopWatch = await watch.sessionEnds.subscribe((ended) => {
            const mine = (watch.user.sessionId && ended.sessions.includes(watch.user.sessionId)) || ended.people.includes(person)
            if (!mine) return
            sink.send('signed_out', {})
            sink.end()
          })
        } catch (error) {
          stop()
          stopPresence()
          throw error
        }
      }
      sink.send('ready', {})
      return () => {
        stop()
        stopPresence()
        stopWatch()
      }
    },
  })
}

function refusal(status: number, code: string): Response {
  return Response.json({ code }, { status, headers: { 'cache-control': 'no-store' } })
}

export async function inboxEventsResponse(
  request: Request,
  backend: {
    auth: Pick<AuthService, 'getUser' | 'isAdmin'>
    inboxEvents: InboxEvents
    leads?: Pick<LeadService, 'subscribePresence'>
    sessionEnds?: SessionEnds
  },
  context: RequestContext,
  options: Omit<InboxStreamOptions, 'signal'> = {},
): Promise<Response> {
  // A GET, so the CSRF middleware lets it through: another site must not even learn the status.
  const site = request.headers.get('sec-fetch-site')
  if (site && site !== 'same-origin' && site !== 'none') return refusal(403, 'forbidden')
  // Reconnecting is not the person's own action: it keeps no session from going idle.
  const user = await backend.auth.getUser({ ...context, activity: false })
  if (!user) return refusal(401, 'unauthenticated')
  if (!(await backend.auth.isAdmin(user.email))) return refusal(403, 'forbidden')
  return eventStreamResponse(
    createInboxEventStream(backend.inboxEvents, {
      presence: backend.leads,
      watch: backend.sessionEnds ? { sessionEnds: backend.sessionEnds, user } : undefined,
      ...options,
      signal: request.signal,
    }),
  )
}
