/**
 * The behaviour every deployment mode must share, as one Vitest suite with exact expectations:
 * the same operation gives the same result on PGlite and on a PostgreSQL server, with the
 * built-in sign-in and with Supabase's. Each mode's test file calls describeBackendContract with
 * a factory; the suite goes through the Backend interface (arranging with the subject's `setup`
 * connection only what the app itself never does), cleans up what it creates, and tolerates rows
 * it did not create, so it can also run against a real Supabase project.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CookieJar, CookieOptions, RequestContext } from '~/backend/backend'
import { type ContractSubject, type MakeSubject, runTag, type Subject } from './contract-subject'
import { BANNER_BADGE, type Banner, type BannerChange, DEFAULT_BANNER_TITLE, DEFAULT_BANNER_URL } from '~/domain/banners'
import { MESSAGE_SEARCH_COUNT_CAP } from '~/domain/messages'
import { makeContactMessage } from '~/backend/seed-messages'
import { insertContactMessages } from '~/backend/sql/messages.server'
import { LIMITS } from '~/lib/limits'
import { describeActivity } from './activity.contract'
import { describeDateRange } from './date-range.contract'
import { describeInboxEvents } from './inbox-events.contract'
import { describeLeads } from './leads.contract'
import { describePasskeys } from './passkeys.contract'
import { describeHostileSearch } from './message-search.contract'
import { describeRateLimits } from './rate-limits.contract'
import { describeSessions } from './sessions.contract'
import { describeRepliesWaiting } from './replies-waiting.contract'
import { describeSiteContent } from './site-content.contract'
import { describeSpam } from './spam.contract'
import { describeTeam } from './team.contract'
import { describeTrashAndSpam } from './trash-and-spam.contract'
import { log } from '~/lib/log.server'

export type { ContractSubject, MakeSubject } from './contract-subject'

// ---------------------------------------------------------------------------------------------
// A cookie jar that behaves like a browser talking to one origin, for the auth tests.

export interface CookieWrite {
  name: string
  value: string
  options: CookieOptions
}

export interface MemoryCookieJar extends CookieJar {
  /** Every set() call, in order, to assert the options a cookie was written with. */
  readonly writes: CookieWrite[]
  get(name: string): string | undefined
}

export function createMemoryCookieJar(initial: Record<string, string> = {}): MemoryCookieJar {
  const store = new Map(Object.entries(initial))
  const writes: CookieWrite[] = []
  return {
    writes,
    get: (name) => store.get(name),
    getAll: () => [...store].map(([name, value]) => ({ name, value })),
    set(name, value, options) {
      writes.push({ name, value, options })
      const expired = options.maxAge !== undefined ? options.maxAge <= 0 : (options.expires?.getTime() ?? Infinity) <= Date.now()
      if (expired) store.delete(name)
      else store.set(name, value)
    },
  }
}

export function contextFor(jar: CookieJar): RequestContext {
  return { cookies: jar }
}

/** The newest 6-digit code mailed to `email`, read through the subject's outbox. */
export async function latestCode(subject: ContractSubject, email: string): Promise<string | null> {
  const mails = (await subject.readOutbox?.()) ?? []
  const mail = mails.filter((m) => m.to === email.trim().toLowerCase()).at(-1)
  return mail?.text.match(/\b\d{6}\b/)?.[0] ?? null
}

// ---------------------------------------------------------------------------------------------

export interface ContractOptions {
  /**
   * Whether the subject can read the mail it sends (readOutbox). The tests that need a real
   * code are registered only then: a live Supabase project has no outbox to read.
   */
  readsMail: boolean
  /**
   * Whether the subject's auth signs people in. Without it (the SQL core alone on Supabase's
   * grants, whose sign-in is Supabase Auth over HTTP) only isAdmin is tested.
   */
  signsIn: boolean
  /** Whether the subject stores files (not the SQL core alone on Supabase: its files are Storage's). */
  storesFiles: boolean
}

export function describeBackendContract(name: string, makeSubject: MakeSubject, options: ContractOptions): void {
  describe(`Backend contract: ${name}`, () => {
    // One backend for the whole suite: every group cleans up after itself and works with data
    // it did not create, so they can share it (and a real backend is slow to set up).
    let current: ContractSubject | undefined
    beforeAll(async () => {
      current = await makeSubject()
    })
    afterAll(async () => {
      await current?.dispose()
    })
    const subject: Subject = () => {
      if (!current) throw new Error('contract subject not ready')
      return current
    }
    describeBanners(subject)
    describeMessages(subject)
    describeDateRange(subject)
    describeHostileSearch(subject)
    describeTrashAndSpam(subject)
    describeAdminCheck(subject)
    describeTeam(subject, { createsAccounts: options.signsIn, readsMail: options.readsMail })
    describeInboxEvents(subject)
    describeLeads(subject)
    describeRepliesWaiting(subject)
    describePasskeys(subject)
    if (options.signsIn) describeAuth(subject, options.readsMail)
    if (options.signsIn && options.readsMail) describeSessions(subject)
    if (options.storesFiles) describeStorage(subject)
    describeRateLimits(subject)
    describeSpam(subject)
    // Erasing a person also removes their account, which the supabase-data subject cannot reach (recorded-request tests cover it).
    describeSiteContent(subject, { erases: options.signsIn })
    describeActivity(subject, { erases: options.signsIn })
  })
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

function describeBanners(subject: Subject): void {
  describe('banners', () => {
    let original: Banner[] = []
    beforeAll(async () => {
      original = await subject().backend.banners.list()
    })
    afterAll(async () => {
      // Rows a test removed come back too: the upsert restores every one whole.
      if (original.length > 0) await subject().backend.banners.upsert(original)
    })

    it('saves every row of one save with one stamp, returns them in input order and lists them by key', async () => {
      const { banners } = subject().backend
      const url = `/uploads/contract-${runTag()}.png`
      const saved = await banners.upsert([
        { key: 'tr-banner', imageUrl: null, title: null, badge: 'TR' },
        { key: 'en-banner', imageUrl: url, title: 'Contract title', badge: null },
      ])
      const updatedAt = saved[0]!.updatedAt
      expect(updatedAt).toMatch(ISO_TIME)
      expect(saved).toEqual([
        { key: 'tr-banner', imageUrl: null, title: null, badge: 'TR', updatedAt },
        { key: 'en-banner', imageUrl: url, title: 'Contract title', badge: null, updatedAt },
      ])
      expect(await banners.list()).toEqual([saved[1], saved[0]])
    })

    it('reads one banner publicly with only key, image and time', async () => {
      const { banners } = subject().backend
      const [saved] = await banners.upsert([{ key: 'tr-banner', imageUrl: '/uploads/public-read.png' }])
      expect(await banners.getPublic('tr-banner')).toEqual({
        key: 'tr-banner',
        imageUrl: '/uploads/public-read.png',
        updatedAt: saved!.updatedAt,
      })
    })

    it('upserts by key, keeps title and badge when not given, and announces the change once', async () => {
      const { banners } = subject().backend
      const [before] = await banners.upsert([{ key: 'en-banner', imageUrl: '/uploads/before.png', title: 'Kept', badge: 'K' }])
      const changes: BannerChange[] = []
      const unsubscribe = banners.subscribe((change) => changes.push(change))
      try {
        const url = `/uploads/contract-${runTag()}.png`
        const [saved] = await banners.upsert([{ key: 'en-banner', imageUrl: url }])
        expect(saved).toEqual({
          key: 'en-banner',
          imageUrl: url,
          title: 'Kept',
          badge: 'K',
          updatedAt: expect.stringMatching(ISO_TIME),
        })
        expect(Date.parse(saved!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before!.updatedAt))
        expect(await banners.getPublic('en-banner')).toEqual({ key: 'en-banner', imageUrl: url, updatedAt: saved!.updatedAt })
        // The database echoes the save (NOTIFY); subscribers still hear it once, and never the older state.
        await vi.waitFor(() => expect(changes).toEqual([{ key: 'en-banner', imageUrl: url, updatedAt: saved!.updatedAt }]))
      } finally {
        unsubscribe()
      }
    })

    it('never tells an older state again when the echo of an earlier save comes back late', async ({ skip }) => {
      const { backend, setup } = subject()
      if (!setup) return skip()
      const [first] = await backend.banners.upsert([{ key: 'en-banner', imageUrl: '/uploads/first.png' }])
      await backend.banners.upsert([{ key: 'en-banner', imageUrl: '/uploads/second.png' }])
      const heard: (string | null)[] = []
      const unsubscribe = backend.banners.subscribe((change) => heard.push(change.imageUrl))
      try {
        // The database's echo of the first save, as a busy LISTEN connection can deliver it: late.
        const echo = { key: 'en-banner', imageUrl: first!.imageUrl, updatedAt: first!.updatedAt }
        await setup.query("select pg_notify('banner_changes', $1)", [JSON.stringify(echo)])
        // Then a change made elsewhere; notifications arrive in commit order, so once it is heard
        // the late echo has been dealt with.
        await setup.query("update public.hero_settings set image_url = '/uploads/third.png' where key = 'en-banner'")
        await vi.waitFor(() => expect(heard).toContain('/uploads/third.png'))
        expect(heard).toEqual(['/uploads/third.png'])
      } finally {
        unsubscribe()
      }
    })

    it('stores a title and badge when given, null included', async () => {
      const { banners } = subject().backend
      const [saved] = await banners.upsert([
        { key: 'tr-banner', imageUrl: '/uploads/hero-tr.png', title: 'Kampanya', badge: 'TR' },
      ])
      expect(saved).toEqual({
        key: 'tr-banner',
        imageUrl: '/uploads/hero-tr.png',
        title: 'Kampanya',
        badge: 'TR',
        updatedAt: expect.stringMatching(ISO_TIME),
      })
      expect((await banners.list()).find((b) => b.key === 'tr-banner')).toEqual(saved)
      const [cleared] = await banners.upsert([{ key: 'tr-banner', imageUrl: '/uploads/hero-tr.png', title: null, badge: null }])
      expect(cleared).toMatchObject({ title: null, badge: null })
    })

    it('gives a banner saved where its row is missing the default title and badge', async ({ skip }) => {
      const { backend, setup } = subject()
      if (!setup) return skip()
      await setup.query("delete from public.hero_settings where key = 'en-banner'")
      expect(await backend.banners.getPublic('en-banner')).toBeNull()
      expect((await backend.banners.list()).map((b) => b.key)).toEqual(['tr-banner'])
      const [saved] = await backend.banners.upsert([{ key: 'en-banner', imageUrl: '/uploads/fresh.png' }])
      expect(saved).toEqual({
        key: 'en-banner',
        imageUrl: '/uploads/fresh.png',
        title: DEFAULT_BANNER_TITLE['en-banner'],
        badge: BANNER_BADGE['en-banner'],
        updatedAt: expect.stringMatching(ISO_TIME),
      })
      // Given values win over the defaults, null included.
      await setup.query("delete from public.hero_settings where key = 'tr-banner'")
      const [bare] = await backend.banners.upsert([{ key: 'tr-banner', imageUrl: null, title: null, badge: null }])
      expect(bare).toEqual({
        key: 'tr-banner',
        imageUrl: null,
        title: null,
        badge: null,
        updatedAt: expect.stringMatching(ISO_TIME),
      })
      expect(await backend.banners.list()).toEqual([saved, bare])
    })

    it('keeps the last input when a save names a key twice, whole and in its first place', async () => {
      const { banners } = subject().backend
      await banners.upsert([
        { key: 'tr-banner', imageUrl: '/uploads/tr-0.png', title: 'T0', badge: 'B0' },
        { key: 'en-banner', imageUrl: '/uploads/en-0.png', title: 'E0', badge: 'EB' },
      ])
      const saved = await banners.upsert([
        { key: 'tr-banner', imageUrl: '/uploads/tr-1.png', title: 'First', badge: 'F' },
        { key: 'en-banner', imageUrl: '/uploads/en-1.png' },
        { key: 'tr-banner', imageUrl: '/uploads/tr-2.png', title: 'Second' },
      ])
      const updatedAt = saved[0]!.updatedAt
      // The first tr-banner input is dropped, not merged: its badge F never lands.
      expect(saved).toEqual([
        { key: 'tr-banner', imageUrl: '/uploads/tr-2.png', title: 'Second', badge: 'B0', updatedAt },
        { key: 'en-banner', imageUrl: '/uploads/en-1.png', title: 'E0', badge: 'EB', updatedAt },
      ])
      expect(await banners.list()).toEqual([saved[1], saved[0]])
    })

    it('resets every image to its default, keeping titles and badges, and announces each', async () => {
      const { banners } = subject().backend
      await banners.upsert([
        { key: 'tr-banner', imageUrl: 'https://example.com/custom.png', title: 'Özel', badge: 'Ö' },
        { key: 'en-banner', imageUrl: null, title: null, badge: 'EN' },
      ])
      const changes: BannerChange[] = []
      const unsubscribe = banners.subscribe((change) => changes.push(change))
      try {
        const reset = await banners.reset()
        const updatedAt = reset[0]!.updatedAt
        expect(reset).toEqual([
          { key: 'tr-banner', imageUrl: DEFAULT_BANNER_URL['tr-banner'], title: 'Özel', badge: 'Ö', updatedAt },
          { key: 'en-banner', imageUrl: DEFAULT_BANNER_URL['en-banner'], title: null, badge: 'EN', updatedAt },
        ])
        await vi.waitFor(() => expect(changes).toEqual(reset.map(({ key, imageUrl }) => ({ key, imageUrl, updatedAt }))))
      } finally {
        unsubscribe()
      }
    })

    it('stops announcing after unsubscribe, and one failing listener does not silence the others', async () => {
      const { banners } = subject().backend
      const quiet = vi.spyOn(log(), 'error').mockImplementation(() => {})
      const heard: string[] = []
      const unsubscribeThrowing = banners.subscribe(() => {
        throw new Error('listener failure')
      })
      const unsubscribeLate = banners.subscribe((change) => heard.push(`late:${change.imageUrl}`))
      const unsubscribeGone = banners.subscribe((change) => heard.push(`gone:${change.imageUrl}`))
      unsubscribeGone()
      try {
        const url = `/uploads/contract-${runTag()}.png`
        await banners.upsert([{ key: 'en-banner', imageUrl: url }])
        await vi.waitFor(() => expect(heard).toEqual([`late:${url}`]))
        expect(quiet).toHaveBeenCalledWith({ err: expect.any(Error) }, 'banners: a change listener failed')
      } finally {
        unsubscribeThrowing()
        unsubscribeLate()
        quiet.mockRestore()
      }
    })
  })
}

function describeMessages(subject: Subject): void {
  describe('messages', () => {
    const created: string[] = []
    afterAll(async () => {
      await subject().backend.messages.remove(created)
    })
    const tag = runTag()

    async function create(fields: { name?: string; email?: string; message?: string; ipAddress?: string | null }) {
      const result = await subject().backend.messages.create({
        name: fields.name ?? `Contract ${tag}`,
        email: fields.email ?? `${tag}@example.com`,
        message: fields.message ?? `Contract test message ${tag}`,
        ipAddress: fields.ipAddress ?? null,
      })
      created.push(result.id)
      return result
    }

    const all = { status: 'all', search: '', page: 1, pageSize: 50 } as const

    it('creates a new message and reads it back whole', async () => {
      const { id, createdAt } = await create({
        name: 'Ayşe Yılmaz',
        message: `Merhaba, teklif rica ederim ${tag}`,
        ipAddress: '203.0.113.9',
      })
      expect(id).toMatch(/^[0-9a-f-]{36}$/)
      expect(new Date(createdAt).toISOString()).toBe(createdAt)
      expect(await subject().backend.messages.get(id)).toEqual({
        id,
        name: 'Ayşe Yılmaz',
        email: `${tag}@example.com`,
        message: `Merhaba, teklif rica ederim ${tag}`,
        status: 'new',
        createdAt,
        readAt: null,
        ipAddress: '203.0.113.9',
        deletedAt: null,
        ownerEmail: null,
        repliedAt: null,
      })
    })

    it('returns null for an unknown or malformed id', async () => {
      const { messages } = subject().backend
      expect(await messages.get('00000000-0000-4000-8000-000000000000')).toBeNull()
      expect(await messages.get('not-a-uuid')).toBeNull()
      expect(await messages.get("1' or '1'='1")).toBeNull()
    })

    it('lists newest first with totals and pages', async () => {
      const pageTag = runTag()
      for (let i = 0; i < 5; i++) await create({ message: `Paging message number ${i} ${pageTag}` })
      const { messages } = subject().backend
      const first = await messages.list({ status: 'all', search: pageTag, page: 1, pageSize: 2 })
      const third = await messages.list({ status: 'all', search: pageTag, page: 3, pageSize: 2 })
      const everything = await messages.list({ status: 'all', search: pageTag, page: 1, pageSize: 10 })
      expect(first).toMatchObject({ total: 5, totalExact: true, page: 1, pageSize: 2 })
      expect(first.items).toHaveLength(2)
      expect(third.items).toHaveLength(1)
      expect(everything.items).toHaveLength(5)
      const order = everything.items.map((m) => [m.createdAt, m.id].join(' '))
      expect(order).toEqual([...order].sort().reverse())
      expect([
        ...first.items,
        ...(await messages.list({ status: 'all', search: pageTag, page: 2, pageSize: 2 })).items,
        ...third.items,
      ]).toEqual(everything.items)
    })

    it('clamps page and page size to the same bounds on every driver', async () => {
      const clampTag = runTag()
      for (let i = 0; i < 3; i++) await create({ message: `Clamp message ${i} ${clampTag}` })
      const list = (page: number, pageSize: number) =>
        subject().backend.messages.list({ status: 'all', search: clampTag, page, pageSize })
      const zero = await list(0, 0)
      expect(zero).toMatchObject({ page: 1, pageSize: 1, total: 3, totalExact: true })
      expect(zero.items).toHaveLength(1)
      expect(await list(-4, 2.9)).toMatchObject({ page: 1, pageSize: 2 })
      const huge = await list(Number.NaN, 10 ** 9)
      expect(huge).toMatchObject({ page: 1, pageSize: LIMITS.inbox.exportMax, total: 3 })
      expect(huge.items).toHaveLength(3)
      expect(await list(7, 1)).toMatchObject({ page: 7, pageSize: 1, total: 3, totalExact: true, items: [] })
    })

    it('caps a search count past MESSAGE_SEARCH_COUNT_CAP, or one row past the page asked for', async ({ skip }) => {
      const { setup, backend } = subject()
      if (!setup) return skip()
      const capTag = runTag()
      const ids = await insertContactMessages(
        setup,
        Array.from({ length: MESSAGE_SEARCH_COUNT_CAP + 105 }, () => makeContactMessage({ message: `Capped search ${capTag}` })),
      )
      try {
        const list = (page: number, pageSize = 50) => backend.messages.list({ status: 'all', search: capTag, page, pageSize })
        expect(await list(1)).toMatchObject({ total: MESSAGE_SEARCH_COUNT_CAP, totalExact: false })
        // Page 21 of 50 ends at 1,050: counted up to 1,051, still capped; page 23 holds the last 5.
        expect(await list(21)).toMatchObject({ total: 1_050, totalExact: false })
        expect((await list(23)).items).toHaveLength(5)
        expect(await list(24)).toMatchObject({ total: 1_105, totalExact: true, items: [] })
        expect(await list(1, 2_000)).toMatchObject({ total: 1_105, totalExact: true })
        expect(await backend.messages.list({ status: 'read', search: capTag, page: 1, pageSize: 50 })).toMatchObject({
          total: 0,
          totalExact: true,
        })
      } finally {
        await backend.messages.remove(ids)
      }
    })

    it('searches name, e-mail and message case-insensitively', async () => {
      const searchTag = runTag()
      await create({ name: `Zeynep ${searchTag.toUpperCase()}` })
      await create({ email: `${searchTag}.person@example.com` })
      await create({ message: `Please call me back about ${searchTag} soon` })
      await create({ message: 'Unrelated message without the marker' })
      const result = await subject().backend.messages.list({ ...all, search: `  ${searchTag.toUpperCase()} ` })
      expect(result.total).toBe(3)
    })

    it('matches %, _ and \\ in the search literally', async () => {
      const escTag = runTag()
      await create({ message: `Discount 150% off ${escTag}` })
      await create({ message: `Discount 1500 off ${escTag}` })
      await create({ message: `Field abc_def changed ${escTag}` })
      await create({ message: `Field abcxdef changed ${escTag}` })
      await create({ message: `Path C:\\temp used ${escTag}` })
      await create({ message: `Path C:xtemp used ${escTag}` })
      const { messages } = subject().backend
      const find = async (search: string) =>
        (await messages.list({ ...all, search })).items.filter((m) => m.message.includes(escTag)).map((m) => m.message)
      expect(await find('150%')).toEqual([`Discount 150% off ${escTag}`])
      expect(await find('abc_def')).toEqual([`Field abc_def changed ${escTag}`])
      expect(await find('C:\\temp')).toEqual([`Path C:\\temp used ${escTag}`])
      expect((await messages.list({ ...all, search: `%${escTag}` })).total).toBe(0)
    })

    it('filters by status and counts unread across all statuses', async () => {
      const statusTag = runTag()
      const { messages } = subject().backend
      const unreadBefore = (await messages.list({ ...all, pageSize: 1 })).unread
      const a = await create({ message: `Status message one ${statusTag}` })
      const b = await create({ message: `Status message two ${statusTag}` })
      await create({ message: `Status message three ${statusTag}` })
      expect((await messages.list({ ...all, pageSize: 1 })).unread).toBe(unreadBefore + 3)
      await messages.update([a.id], { status: 'read', readAt: new Date().toISOString() })
      await messages.update([b.id], { status: 'archived' })
      const count = async (status: 'all' | 'new' | 'read' | 'archived') =>
        (await messages.list({ status, search: statusTag, page: 1, pageSize: 10 })).total
      expect([await count('all'), await count('new'), await count('read'), await count('archived')]).toEqual([3, 1, 1, 1])
      const archived = await messages.list({ status: 'archived', search: statusTag, page: 1, pageSize: 10 })
      expect(archived.items.map((m) => m.id)).toEqual([b.id])
      expect(archived.unread).toBe(unreadBefore + 1)
    })

    it('keeps the unsearched totals of every status exact through inserts, updates and deletes', async () => {
      const { messages } = subject().backend
      const totals = async () => {
        const pages = await Promise.all(
          (['all', 'new', 'read', 'archived'] as const).map((status) =>
            messages.list({ status, search: '', page: 1, pageSize: 1 }),
          ),
        )
        expect(pages.every((p) => p.totalExact)).toBe(true)
        expect(pages.every((p) => p.unread === pages[1]!.total)).toBe(true)
        return pages.map((p) => p.total)
      }
      const [all0, new0, read0, archived0] = await totals()
      expect(all0).toBe(new0! + read0! + archived0!)
      const a = await create({})
      const b = await create({})
      const c = await create({})
      expect(await totals()).toEqual([all0! + 3, new0! + 3, read0, archived0])
      await messages.update([a.id, b.id], { status: 'read', readAt: new Date().toISOString() })
      await messages.update([b.id], { status: 'archived' })
      expect(await totals()).toEqual([all0! + 3, new0! + 1, read0! + 1, archived0! + 1])
      expect(await messages.remove([b.id, c.id])).toBe(2)
      expect(await totals()).toEqual([all0! + 1, new0, read0! + 1, archived0])
    })

    it('reads several messages at once, newest first, skipping unknown and malformed ids', async () => {
      const { messages } = subject().backend
      const one = await create({})
      const two = await create({})
      const many = await messages.getMany([one.id, 'nope', two.id, one.id, '00000000-0000-4000-8000-000000000000'])
      expect(many).toEqual(
        [await messages.get(two.id), await messages.get(one.id)].sort((x, y) =>
          x!.createdAt === y!.createdAt ? (x!.id < y!.id ? 1 : -1) : x!.createdAt < y!.createdAt ? 1 : -1,
        ),
      )
      expect(await messages.getMany([])).toEqual([])
      expect(await messages.getMany(['nope'])).toEqual([])
    })

    it('updates only rows still in the expected status when given a condition', async () => {
      const { messages } = subject().backend
      const { id } = await create({})
      const readAt = '2026-01-02T03:04:05.000Z'
      // Two toggles computed from the same "new": the first moves it, the second changes nothing.
      expect(await messages.update([id], { status: 'read', readAt }, { status: 'new' })).toHaveLength(1)
      expect(await messages.update([id], { status: 'read', readAt: null }, { status: 'new' })).toEqual([])
      expect(await messages.get(id)).toMatchObject({ status: 'read', readAt })
      const [archived] = await messages.update([id], { status: 'archived' }, { status: 'read' })
      expect(archived).toMatchObject({ id, status: 'archived', readAt })
    })

    it('sets read_at only when the patch gives it', async () => {
      const { messages } = subject().backend
      const { id } = await create({})
      const readAt = '2026-01-02T03:04:05.000Z'
      const [read] = await messages.update([id], { status: 'read', readAt })
      expect(read).toMatchObject({ id, status: 'read', readAt })
      const [archived] = await messages.update([id], { status: 'archived' })
      expect(archived).toMatchObject({ status: 'archived', readAt })
      const [cleared] = await messages.update([id], { status: 'new', readAt: null })
      expect(cleared).toMatchObject({ status: 'new', readAt: null })
    })

    it('updates several ids at once and ignores unknown or malformed ones', async () => {
      const { messages } = subject().backend
      const one = await create({})
      const two = await create({})
      const changed = await messages.update([one.id, two.id, 'nope', '00000000-0000-4000-8000-000000000000'], {
        status: 'archived',
      })
      expect(changed.map((m) => m.id).sort()).toEqual([one.id, two.id].sort())
      expect(changed.every((m) => m.status === 'archived')).toBe(true)
      expect(await messages.update(['nope'], { status: 'read' })).toEqual([])
    })

    it('removes messages and returns how many went', async () => {
      const { messages } = subject().backend
      const one = await create({})
      const two = await create({})
      expect(await messages.remove([one.id, two.id, 'not-a-uuid'])).toBe(2)
      expect(await messages.get(one.id)).toBeNull()
      expect(await messages.remove([one.id])).toBe(0)
      expect(await messages.remove([])).toBe(0)
    })
  })
}

function describeAdminCheck(subject: Subject): void {
  describe('auth: the admin list', () => {
    it('knows who is an admin, whatever the case and spacing of the address', async () => {
      const { backend, adminEmail, staffEmail } = subject()
      expect(await backend.auth.isAdmin(adminEmail)).toBe(true)
      expect(await backend.auth.isAdmin(` ${adminEmail.toUpperCase()} `)).toBe(true)
      expect(await backend.auth.isAdmin(staffEmail)).toBe(false)
      expect(await backend.auth.isAdmin(`nobody-${runTag()}@example.com`)).toBe(false)
      expect(await backend.auth.isAdmin('')).toBe(false)
    })
  })
}

function describeAuth(subject: Subject, readsMail: boolean): void {
  // Tests that need a mailed code exist only for subjects that can read their mail.
  const mailIt = readsMail ? it : (..._args: Parameters<typeof it>) => undefined
  // One sign-in per address: a real backend throttles code requests, so these tests run in order.
  describe('auth', () => {
    const jar = createMemoryCookieJar()
    let signedInCookies: { name: string; value: string }[] = []
    let code: string | null = null

    it('refuses a code for an unknown address and creates nobody', async () => {
      const { backend, readOutbox } = subject()
      const email = `nobody-${runTag()}@example.com`
      const result = await backend.auth.sendCode(email)
      expect(result).toEqual({ ok: false, code: 'user_not_found', message: 'Signups not allowed for otp' })
      if (readOutbox) expect((await readOutbox()).filter((m) => m.to === email)).toEqual([])
      // Had a user been created, a second request would be throttled instead.
      expect(await backend.auth.sendCode(email)).toMatchObject({ code: 'user_not_found' })
    })

    it('sends a code to an existing user, whatever the case and spacing of the address', async () => {
      const { backend, adminEmail } = subject()
      expect(await backend.auth.sendCode(`  ${adminEmail.toUpperCase()} `)).toEqual({ ok: true })
      code = await latestCode(subject(), adminEmail)
      if (subject().readOutbox) expect(code).toMatch(/^\d{6}$/)
    })

    it('throttles a second request for the same address', async () => {
      const { backend, adminEmail } = subject()
      const result = await backend.auth.sendCode(adminEmail)
      expect(result).toMatchObject({ ok: false, code: 'rate_limited' })
      expect(result.ok === false && result.message).toMatch(
        /^For security purposes, you can only request this after \d+ seconds\.$/,
      )
    })

    it('refuses a wrong code without starting a session', async () => {
      const { backend, adminEmail } = subject()
      const wrong = code === '000000' ? '000001' : '000000'
      const wrongJar = createMemoryCookieJar()
      const result = await backend.auth.verifyCode(contextFor(wrongJar), adminEmail, wrong)
      expect(result).toMatchObject({ ok: false, message: 'Token has expired or is invalid' })
      expect(wrongJar.getAll()).toEqual([])
    })

    mailIt('signs in with the right code (spaces ignored) and sets an httpOnly cookie', async () => {
      if (!code) throw new Error('no code was mailed')
      const { backend, adminEmail } = subject()
      const spaced = `${code.slice(0, 3)} ${code.slice(3)}`
      const result = await backend.auth.verifyCode(contextFor(jar), adminEmail.toUpperCase(), spaced)
      expect(result).toEqual({ ok: true, user: { id: expect.any(String), email: adminEmail } })
      expect(jar.getAll().length).toBeGreaterThan(0)
      for (const write of jar.writes) expect(write.options).toMatchObject({ httpOnly: true, path: '/', sameSite: 'lax' })
      signedInCookies = jar.getAll()
    })

    mailIt('knows the signed-in user', async () => {
      if (!code) throw new Error('no code was mailed')
      const { backend, adminEmail } = subject()
      // With the session it came in on, where the mode tracks one ('Oturumlar').
      expect(await backend.auth.getUser(contextFor(jar))).toMatchObject({ id: expect.any(String), email: adminEmail })
    })

    mailIt('accepts a code only once', async () => {
      if (!code) throw new Error('no code was mailed')
      const { backend, adminEmail } = subject()
      const result = await backend.auth.verifyCode(contextFor(createMemoryCookieJar()), adminEmail, code)
      expect(result).toMatchObject({ ok: false })
    })

    it('has no user without a session or with a forged cookie', async () => {
      const { backend } = subject()
      expect(await backend.auth.getUser(contextFor(createMemoryCookieJar()))).toBeNull()
      const forged = Object.fromEntries(signedInCookies.map((c) => [c.name, 'forged-value']))
      expect(await backend.auth.getUser(contextFor(createMemoryCookieJar({ session: 'x', ...forged })))).toBeNull()
    })

    mailIt('signs out on the server: the cookies are cleared and the old ones no longer work', async () => {
      if (!code) throw new Error('no code was mailed')
      const { backend } = subject()
      await backend.auth.signOut(contextFor(jar))
      expect(jar.getAll()).toEqual([])
      expect(await backend.auth.getUser(contextFor(jar))).toBeNull()
      const replay = createMemoryCookieJar(Object.fromEntries(signedInCookies.map((c) => [c.name, c.value])))
      expect(await backend.auth.getUser(contextFor(replay))).toBeNull()
    })

    mailIt('signs in a user who is not an admin', async () => {
      const { backend, staffEmail } = subject()
      expect(await backend.auth.sendCode(staffEmail)).toEqual({ ok: true })
      const staffCode = await latestCode(subject(), staffEmail)
      if (!staffCode) throw new Error('no code was mailed')
      const staffJar = createMemoryCookieJar()
      expect(await backend.auth.verifyCode(contextFor(staffJar), staffEmail, staffCode)).toMatchObject({ ok: true })
      const user = await backend.auth.getUser(contextFor(staffJar))
      expect(user?.email).toBe(staffEmail)
      expect(await backend.auth.isAdmin(user!.email)).toBe(false)
      await backend.auth.signOut(contextFor(staffJar))
    })
  })
}

function describeStorage(subject: Subject): void {
  describe('storage', () => {
    // A 1×1 transparent PNG.
    const png = Uint8Array.from(
      atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
      (c) => c.charCodeAt(0),
    )
    const upload = (name: string, contentType = 'image/png') =>
      subject().backend.storage.upload({ name, bytes: png, contentType, cacheControlSeconds: 3600 })

    it('uploads an image and returns its public URL', async () => {
      const name = `hero-en-banner-${Date.now()}-${runTag()}.png`
      const { publicUrl } = await upload(name)
      expect(publicUrl.endsWith(`/${name}`)).toBe(true)
    })

    it('never overwrites an existing name', async () => {
      const name = `hero-tr-banner-${Date.now()}-${runTag()}.png`
      await upload(name)
      await expect(upload(name)).rejects.toThrow()
    })

    it('refuses names that could leave the bucket', async () => {
      for (const name of ['../escape.png', '..', '.hidden.png', 'a/b.png', 'a\\b.png', '', '%2e%2e%2fx.png']) {
        await expect(upload(name), name).rejects.toThrow()
      }
    })

    it('refuses file types the bucket does not allow', async () => {
      await expect(upload(`contract-${runTag()}.txt`, 'text/plain')).rejects.toThrow()
    })

    it('reads nothing for a missing or unsafe name', async () => {
      const { storage } = subject().backend
      expect(await storage.read(`missing-${runTag()}.png`)).toBeNull()
      expect(await storage.read('../secret')).toBeNull()
    })
  })
}
