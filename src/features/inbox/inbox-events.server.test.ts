import { describe, expect, it, vi } from 'vitest'
import type { AuthUser } from '~/domain/accounts'
import type { InboxChange, InboxEvents, RequestContext } from '~/backend/backend'
import { readUntil } from '../../../tests/support/event-stream'
import { createInboxEventStream, inboxEventsResponse } from './inbox-events.server'
import type { SessionsEnded } from '~/backend/staff-sessions'
import { personKey } from '~/backend/sql/session-ends.server'
import { log } from '~/lib/log.server'

function fakeEvents() {
  const listeners = new Set<(change: InboxChange) => void>()
  const events: InboxEvents = {
    subscribe: async (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return {
    events,
    listeners,
    emit: (change: InboxChange) => {
      for (const listener of listeners) listener(change)
    },
  }
}

const context: RequestContext = { cookies: { getAll: () => [], set: () => {} } }
const ADMIN: AuthUser = { id: 'a', email: 'admin@example.com' }
const STAFF: AuthUser = { id: 's', email: 'staff@example.com' }

function backendFor(user: AuthUser | null, events = fakeEvents().events) {
  return {
    auth: { getUser: vi.fn(async () => user), isAdmin: vi.fn(async (email: string) => email === ADMIN.email) },
    inboxEvents: events,
  }
}

const request = (headers: Record<string, string> = {}) =>
  new Request('http://127.0.0.1/api/inbox-events', { headers: { 'sec-fetch-site': 'same-origin', ...headers } })

describe('inbox event stream', () => {
  it('says it is ready once it listens, then passes on each change with its kind and count only', async () => {
    const feed = fakeEvents()
    const abort = new AbortController()
    const reader = createInboxEventStream(feed.events, { signal: abort.signal }).getReader()
    const start = await readUntil(reader, 'event: ready')
    expect(start).toContain('retry: 3000')
    feed.emit({ op: 'insert', count: 2 })
    expect(await readUntil(reader, 'event: inbox')).toBe('event: inbox\ndata: {"op":"insert","count":2}\n\n')
    abort.abort()
    expect((await reader.read()).done).toBe(true)
    expect(feed.listeners.size).toBe(0)
  })

  it("says 'signed_out' and ends when its session or its person's sessions end, not another's", async () => {
    const heard = new Set<(ended: SessionsEnded) => void>()
    const sessionEnds = {
      subscribe: async (listener: (ended: SessionsEnded) => void) => {
        heard.add(listener)
        return () => heard.delete(listener)
      },
    }
    const tell = (ended: SessionsEnded) => {
      for (const listener of heard) listener(ended)
    }
    const user = { ...ADMIN, sessionId: 'session-1' }
    for (const ending of [
      { sessions: ['session-1'], people: [] },
      { sessions: [], people: [personKey(ADMIN.email)] },
    ]) {
      const feed = fakeEvents()
      const reader = createInboxEventStream(feed.events, { watch: { sessionEnds, user } }).getReader()
      await readUntil(reader, 'event: ready')
      // Someone else's ending: the stream goes on.
      tell({ sessions: ['session-2'], people: [personKey(STAFF.email)] })
      feed.emit({ op: 'insert', count: 1 })
      expect(await readUntil(reader, 'event: inbox')).not.toContain('signed_out')
      tell(ending)
      expect(await readUntil(reader, 'event: signed_out')).toBe('event: signed_out\ndata: {}\n\n')
      expect((await reader.read()).done).toBe(true)
      expect(heard.size).toBe(0)
    }
  })

  it('ends after its lifetime, so the browser reconnects and is authorized again', async () => {
    vi.useFakeTimers()
    try {
      const feed = fakeEvents()
      const reader = createInboxEventStream(feed.events, { lifetimeMs: 60_000, heartbeatMs: 25_000 }).getReader()
      await readUntil(reader, 'event: ready')
      await vi.advanceTimersByTimeAsync(25_000)
      expect(await readUntil(reader, ': heartbeat')).toBe(': heartbeat\n\n')
      await vi.advanceTimersByTimeAsync(35_000)
      await readUntil(reader, ': heartbeat')
      expect((await reader.read()).done).toBe(true)
      expect(feed.listeners.size).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('closes when the database cannot be heard, for the browser to try again', async () => {
    const failing: InboxEvents = { subscribe: async () => Promise.reject(new Error('connection refused')) }
    const warn = vi.spyOn(log(), 'warn').mockImplementation(() => {})
    const reader = createInboxEventStream(failing).getReader()
    const text = await readUntil(reader, 'never')
    expect(text).toBe('retry: 3000\n\n')
    expect(warn).toHaveBeenCalledOnce()
    warn.mockRestore()
  })
})

describe('GET /api/inbox-events', () => {
  it('answers 401 without a session and 403 to a non-admin, without opening a stream', async () => {
    for (const [user, status, code] of [
      [null, 401, 'unauthenticated'],
      [STAFF, 403, 'forbidden'],
    ] as const) {
      const feed = fakeEvents()
      const response = await inboxEventsResponse(request(), backendFor(user, feed.events), context)
      expect(response.status).toBe(status)
      expect(await response.json()).toEqual({ code })
      expect(feed.listeners.size).toBe(0)
    }
  })

  it('refuses another site before looking at the session', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const backend = backendFor(ADMIN)
      const response = await inboxEventsResponse(request({ 'sec-fetch-site': site }), backend, context)
      expect(response.status).toBe(403)
      expect(backend.auth.getUser).not.toHaveBeenCalled()
    }
  })

  it('streams to an admin', async () => {
    const abort = new AbortController()
    const req = new Request('http://127.0.0.1/api/inbox-events', { signal: abort.signal })
    const response = await inboxEventsResponse(req, backendFor(ADMIN), context)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform')
    const reader = response.body!.getReader()
    expect(await readUntil(reader, 'event: ready')).toContain('event: ready\ndata: {}')
    abort.abort()
    expect((await reader.read()).done).toBe(true)
  })
})
