/**
 * Contract: the built-in sign-in's sessions as 'Oturumlar' lists and ends them
 * (AuthService.sessions), and the endings every instance hears (Backend.sessionEnds).
 * Each "browser" is its own cookie jar and code cookie, so sign-ins are not throttled.
 */
import { describe, expect, it, vi } from 'vitest'
import type { RequestContext } from '~/backend/backend'
import type { SessionsEnded } from '~/backend/staff-sessions'
import { personKey } from '~/backend/sql/session-ends.server'
import { runTag, type Subject } from './contract-subject'
import { createMemoryCookieJar, latestCode } from './backend.contract'

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

export function describeSessions(subject: Subject): void {
  describe('sessions', () => {
    let browsers = 0

    /** A browser with its own cookies, address and user agent. */
    function browser(options: { ip?: string; userAgent?: string } = {}): RequestContext {
      return {
        cookies: createMemoryCookieJar(),
        codeBrowser: `browser-${runTag()}-${++browsers}`,
        clientAddress: options.ip ?? '198.51.100.23',
        userAgent: options.userAgent ?? FIREFOX,
      }
    }

    async function signIn(email: string, ctx: RequestContext): Promise<RequestContext> {
      const { backend } = subject()
      expect(await backend.auth.sendCode(email, { codeBrowser: ctx.codeBrowser, clientAddress: ctx.clientAddress })).toEqual({
        ok: true,
      })
      const code = await latestCode(subject(), email)
      expect(await backend.auth.verifyCode(ctx, email, code ?? '')).toMatchObject({ ok: true })
      return ctx
    }

    async function newMember(): Promise<string> {
      const { backend, adminEmail } = subject()
      const email = `session-${runTag()}@example.com`
      expect(await backend.team.add(email, adminEmail)).toMatchObject({ added: true })
      return email
    }

    it("lists one's own sessions, this one first, with browser, approximate place and times; no one else's", async () => {
      const { backend } = subject()
      const email = await newMember()
      const laptop = await signIn(email, browser({ ip: '203.0.113.77' }))
      const phone = await signIn(email, browser({ ip: '2001:db8:abcd:12::1', userAgent: SAFARI }))
      await signIn(await newMember(), browser())

      const listed = await backend.auth.sessions.list(phone)
      expect(listed).toHaveLength(2)
      expect(listed?.[0]).toMatchObject({ current: true, userAgent: SAFARI, place: '2001:db8:abcd::/48' })
      expect(listed?.[1]).toMatchObject({ current: false, userAgent: FIREFOX, place: '203.0.113.0/24' })
      for (const session of listed ?? []) {
        expect(session.id).toMatch(/^[0-9a-f-]{36}$/)
        expect(Date.parse(session.lastActiveAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt))
      }
      expect((await backend.auth.sessions.list(laptop))?.map((s) => s.current)).toEqual([true, false])
      expect(await backend.auth.sessions.list(browser())).toBeNull()
    })

    it("ends one session: that browser's next request has none; another person's session cannot be ended", async () => {
      const { backend } = subject()
      const email = await newMember()
      const here = await signIn(email, browser())
      const there = await signIn(email, browser())
      const stranger = await signIn(await newMember(), browser())
      const theirs = (await backend.auth.sessions.list(stranger))![0]!.id
      expect(await backend.auth.sessions.end(here, theirs)).toBeNull()
      expect(await backend.auth.getUser(stranger)).toMatchObject({ email: expect.stringContaining('session-') })

      const other = (await backend.auth.sessions.list(here))!.find((s) => !s.current)!.id
      expect(await backend.auth.sessions.end(here, other)).toBe('other')
      expect(await backend.auth.getUser(there)).toBeNull()
      expect(await backend.auth.getUser(here)).toMatchObject({ email })
      expect(await backend.auth.sessions.end(here, other)).toBeNull()
      // Ending this very session is signing out: its cookie goes too.
      expect(await backend.auth.sessions.end(here, (await backend.auth.sessions.list(here))![0]!.id)).toBe('current')
      expect(await backend.auth.getUser(here)).toBeNull()
    })

    it('ends every other session of the person, keeping this one', async () => {
      const { backend } = subject()
      const email = await newMember()
      const here = await signIn(email, browser())
      const others = [await signIn(email, browser()), await signIn(email, browser())]
      const bystander = await signIn(await newMember(), browser())
      expect(await backend.auth.sessions.endOthers(here)).toBe(2)
      for (const ctx of others) expect(await backend.auth.getUser(ctx)).toBeNull()
      expect(await backend.auth.getUser(here)).toMatchObject({ email })
      expect(await backend.auth.getUser(bystander)).not.toBeNull()
      expect((await backend.auth.sessions.list(here))?.length).toBe(1)
    })

    it('a new sign-in in a browser deletes the session it had there', async () => {
      const { backend } = subject()
      const email = await newMember()
      const ctx = await signIn(email, browser())
      const first = (await backend.auth.sessions.list(ctx))![0]!.id
      await signIn(email, { ...ctx, codeBrowser: `${ctx.codeBrowser}-again` })
      const listed = await backend.auth.sessions.list(ctx)
      expect(listed?.map((s) => s.id)).not.toContain(first)
      expect(listed).toHaveLength(1)
    })

    it('removal from the team ends every session of the person, for good, and every instance hears it', async () => {
      const { backend, adminEmail } = subject()
      const email = await newMember()
      const a = await signIn(email, browser())
      const b = await signIn(email, browser())
      const ids = (await backend.auth.sessions.list(a))!.map((s) => s.id)
      const heard: SessionsEnded[] = []
      const stop = await backend.sessionEnds.subscribe((ended) => heard.push(ended))
      try {
        expect(await backend.team.remove(email, adminEmail)).toEqual({ ok: true })
        await vi.waitFor(() => {
          expect(heard.flatMap((h) => h.people)).toContain(personKey(email))
          expect(heard.flatMap((h) => h.sessions)).toEqual(expect.arrayContaining(ids))
        })
      } finally {
        stop()
      }
      expect(await backend.auth.getUser(a)).toBeNull()
      expect(await backend.team.add(email, adminEmail)).toMatchObject({ added: true })
      expect(await backend.auth.getUser(b)).toBeNull()
    })

    it('erasure ends every session of the person, and every instance hears it', async () => {
      const { backend } = subject()
      const email = await newMember()
      const ctx = await signIn(email, browser())
      const heard: SessionsEnded[] = []
      const stop = await backend.sessionEnds.subscribe((ended) => heard.push(ended))
      try {
        expect((await backend.privacy.erase(email, { via: 'cli' })).ok).toBe(true)
        await vi.waitFor(() => expect(heard.flatMap((h) => h.people)).toContain(personKey(email)))
      } finally {
        stop()
      }
      expect(await backend.auth.getUser(ctx)).toBeNull()
    })

    it("only the person's own requests keep a session from going idle, not the live stream's", async () => {
      const { backend, setup } = subject()
      if (!setup) throw new Error('needs the setup connection')
      const email = await newMember()
      const ctx = await signIn(email, browser())
      const id = (await backend.auth.sessions.list(ctx))![0]!.id
      const lastSeen = async () =>
        (
          await setup.query<{ last_seen_at: Date }>('select last_seen_at from builtin_auth.sessions where id = $1', [id])
        ).rows[0]!.last_seen_at.getTime()
      // Ten minutes back: well past the minute between two records of activity, far from idle.
      await setup.query("update builtin_auth.sessions set last_seen_at = last_seen_at - interval '10 minutes' where id = $1", [
        id,
      ])
      const before = await lastSeen()
      expect(await backend.auth.getUser({ ...ctx, activity: false })).toMatchObject({ email })
      expect(await backend.auth.sessions.list(ctx)).toHaveLength(1)
      expect(await lastSeen()).toBe(before)
      expect(await backend.auth.getUser(ctx)).toMatchObject({ email })
      expect(await lastSeen()).toBeGreaterThan(before)
    })
  })
}
