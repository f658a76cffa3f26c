/**
 * Contract: the trash and the spam status (docs/decisions/030-inbox-workflow.md). A message in
 * the trash, or with status spam, counts nowhere but in its own list; restore puts it back as it
 * was; only what is in the trash can be purged; 'not spam' notifies as a new arrival would.
 */
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { InboxChange } from '~/backend/backend'
import type { MessageQuery, StatusFilter } from '~/domain/messages'
import { runTag, type Subject } from './contract-subject'

export function describeTrashAndSpam(subject: Subject): void {
  describe('messages: trash and spam', () => {
    const created: string[] = []
    afterAll(async () => {
      await subject().backend.messages.remove(created)
    })

    async function create(tag: string, status?: 'new' | 'spam') {
      const { id } = await subject().backend.messages.create({
        name: `Çöp ${tag}`,
        email: `${tag}@example.com`,
        message: `Trash and spam contract ${tag}`,
        ipAddress: null,
        ...(status && { status }),
      })
      created.push(id)
      return id
    }

    const list = (status: StatusFilter, search = '', extra: Partial<MessageQuery> = {}) =>
      subject().backend.messages.list({ status, search, page: 1, pageSize: 50, ...extra })
    const ids = async (status: StatusFilter, tag: string) => (await list(status, tag)).items.map((m) => m.id)

    /** The unsearched totals of every filter, and the unread count. */
    async function totals() {
      const filters = ['all', 'new', 'read', 'archived', 'spam', 'trash'] as const
      const pages = await Promise.all(filters.map((status) => list(status, '', { pageSize: 1 })))
      expect(pages.every((p) => p.unread === pages[1]!.total)).toBe(true)
      return Object.fromEntries(filters.map((status, i) => [status, pages[i]!.total])) as Record<(typeof filters)[number], number>
    }

    /** Notifications queued that name the message, plus every open digest's count (a flood turns mails into digests). */
    async function notifications(id: string): Promise<number> {
      const { rows } = await subject().setup!.query<{ n: number }>(
        `select (select count(*) from public.mail_queue where kind = 'new_message' and message_id = $1)::int
              + coalesce((select sum((data ->> 'count')::int) from public.mail_queue where kind = 'digest'), 0)::int as n`,
        [id],
      )
      return rows[0]!.n
    }

    it('moves a message to the trash, out of every count and list but its own, and restores it as it was', async () => {
      const { messages } = subject().backend
      const tag = runTag()
      const before = await totals()
      const kept = await create(tag)
      const gone = await create(tag)
      const [read] = await messages.update([gone], { status: 'read', readAt: '2026-01-02T03:04:05.000Z' })
      expect(await totals()).toEqual({ ...before, all: before.all + 2, new: before.new + 1, read: before.read + 1 })

      const trashed = await messages.trash([gone, 'not-a-uuid', '00000000-0000-4000-8000-000000000000'])
      expect(trashed).toHaveLength(1)
      expect(trashed[0]).toMatchObject({ id: gone, status: 'read', readAt: read!.readAt })
      expect(new Date(trashed[0]!.deletedAt!).toISOString()).toBe(trashed[0]!.deletedAt)
      expect(await totals()).toEqual({ ...before, all: before.all + 1, new: before.new + 1, trash: before.trash + 1 })
      expect(await ids('all', tag)).toEqual([kept])
      expect(await ids('read', tag)).toEqual([])
      expect(await ids('trash', tag)).toEqual([gone])
      // Still readable by id (the trash opens it), and trashing it again changes nothing.
      expect(await messages.get(gone)).toMatchObject({ id: gone, deletedAt: trashed[0]!.deletedAt })
      expect(await messages.trash([gone])).toEqual([])

      const restored = await messages.restore([gone, kept, 'nope'])
      expect(restored).toEqual([{ ...trashed[0], deletedAt: null }])
      expect(await totals()).toEqual({ ...before, all: before.all + 2, new: before.new + 1, read: before.read + 1 })
      expect(await ids('read', tag)).toEqual([gone])
      expect(await messages.restore([gone])).toEqual([])
    })

    it('lists the trash newest deletion first, whatever the arrival order, and searches it alone', async () => {
      const { messages } = subject().backend
      const tag = runTag()
      const [first, second, third] = [await create(tag), await create(tag), await create(tag)]
      for (const id of [second!, third!, first!]) {
        await messages.trash([id])
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      const trash = await list('trash', tag)
      expect(trash.items.map((m) => m.id)).toEqual([first, third, second])
      expect(trash).toMatchObject({ total: 3, totalExact: true })
      expect((await list('all', tag)).total).toBe(0)
      expect((await list('new', tag)).total).toBe(0)
      const paged = await list('trash', tag, { pageSize: 2, page: 2 })
      expect(paged.items.map((m) => m.id)).toEqual([second])
    })

    it('purges only what is in the trash, and empties the trash', async () => {
      const { messages } = subject().backend
      const tag = runTag()
      const outside = await create(tag)
      const inside = await create(tag)
      const other = await create(tag)
      await messages.trash([inside, other])
      expect(await messages.purge([outside, inside, 'nope'])).toBe(1)
      expect(await messages.get(inside)).toBeNull()
      expect(await messages.get(outside)).not.toBeNull()
      expect(await messages.purge([])).toBe(0)
      const trashBefore = (await totals()).trash
      expect(trashBefore).toBeGreaterThanOrEqual(1)
      expect(await messages.emptyTrash()).toBe(trashBefore)
      expect(await messages.get(other)).toBeNull()
      expect(await messages.get(outside)).not.toBeNull()
      expect((await totals()).trash).toBe(0)
      expect(await messages.emptyTrash()).toBe(0)
    })

    it('stores spam that counts nowhere and notifies nobody; not spam makes it new and notifies then', async ({ skip }) => {
      if (!subject().setup) return skip('reads the mail queue through the setup connection')
      const { messages } = subject().backend
      const tag = runTag()
      const before = await totals()
      const queuedBefore = await notifications('00000000-0000-4000-8000-000000000000')
      const spam = await create(tag, 'spam')
      expect(await messages.get(spam)).toMatchObject({ status: 'spam', readAt: null, deletedAt: null })
      expect(await totals()).toEqual({ ...before, spam: before.spam + 1 })
      expect(await notifications(spam)).toBe(queuedBefore)
      expect(await ids('all', tag)).toEqual([])
      expect(await ids('spam', tag)).toEqual([spam])

      const back = await messages.markNotSpam([spam, 'nope'], { linkOrigin: null })
      expect(back).toEqual([expect.objectContaining({ id: spam, status: 'new', readAt: null })])
      expect(await notifications(spam)).toBeGreaterThan(queuedBefore)
      expect(await totals()).toEqual({ ...before, all: before.all + 1, new: before.new + 1 })
      expect(await ids('all', tag)).toEqual([spam])
      // Only spam turns back: a second call changes nothing and notifies nobody again.
      const queuedAfter = await notifications(spam)
      expect(await messages.markNotSpam([spam])).toEqual([])
      expect(await notifications(spam)).toBe(queuedAfter)
    })

    it('marks spam from any status out of the trash, and cancels its notifications not yet sent', async ({ skip }) => {
      const { messages } = subject().backend
      const tag = runTag()
      const before = await totals()
      const fresh = await create(tag)
      const read = await create(tag)
      const trashed = await create(tag)
      await messages.update([read], { status: 'read', readAt: new Date().toISOString() })
      await messages.trash([trashed])
      const marked = await messages.markSpam([fresh, read, trashed, 'nope'])
      expect(marked.map((m) => m.id).sort()).toEqual([fresh, read].sort())
      expect(marked.every((m) => m.status === 'spam')).toBe(true)
      expect(await totals()).toEqual({ ...before, spam: before.spam + 2, trash: before.trash + 1 })
      expect((await ids('spam', tag)).sort()).toEqual([fresh, read].sort())
      expect(await messages.markSpam([fresh])).toEqual([])
      // The trashed one keeps its status and its place in the trash.
      expect(await messages.get(trashed)).toMatchObject({ status: 'new' })
      if (!subject().setup) return skip('reads the mail queue through the setup connection')
      const { rows } = await subject().setup!.query<{ status: string }>(
        `select status from public.mail_queue where kind = 'new_message' and message_id = $1 and status = 'pending'`,
        [fresh],
      )
      expect(rows).toEqual([])
    })

    it('announces spam arrivals as changes, never as arrivals', async () => {
      const heard: InboxChange[] = []
      const unsubscribe = await subject().backend.inboxEvents.subscribe((change) => heard.push(change))
      try {
        // A server may still deliver a late notice of an earlier test's change: let it pass.
        await new Promise((resolve) => setTimeout(resolve, 200))
        heard.length = 0
        const tag = runTag()
        await create(tag, 'spam')
        await vi.waitFor(() => expect(heard).toEqual([{ op: 'update', count: 1 }]), { timeout: 2_000 })
        await create(tag)
        await vi.waitFor(() => expect(heard.at(-1)).toEqual({ op: 'insert', count: 1 }), { timeout: 2_000 })
      } finally {
        unsubscribe()
      }
      expect(heard).toEqual([
        { op: 'update', count: 1 },
        { op: 'insert', count: 1 },
      ])
    })
  })
}
