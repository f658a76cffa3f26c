/**
 * Contract: live inbox events (Backend.inboxEvents). The database announces each statement that
 * changes contact messages, with its kind and row count only; the listener hears it after commit,
 * whoever wrote the rows.
 */
import { describe, expect, it, vi } from 'vitest'
import type { InboxChange } from '~/backend/backend'
import { makeContactMessage } from '~/backend/seed-messages'
import { insertContactMessages } from '~/backend/sql/messages.server'
import { runTag, type Subject } from './contract-subject'

export function describeInboxEvents(subject: Subject): void {
  describe('inbox events', () => {
    const message = (tag: string) => ({ name: 'Canlı Kutu', email: `${tag}@example.com`, message: `Live inbox test ${tag}.` })

    /** Subscribes for the length of `run`; returns what was heard. */
    async function hearing(run: (heard: InboxChange[]) => Promise<void>): Promise<InboxChange[]> {
      const heard: InboxChange[] = []
      const unsubscribe = await subject().backend.inboxEvents.subscribe((change) => heard.push(change))
      try {
        await run(heard)
      } finally {
        unsubscribe()
      }
      return heard
    }

    it('announces a new message, a status change and a removal, by kind and count only', async () => {
      const { messages } = subject().backend
      const heard = await hearing(async (heard) => {
        const { id } = await messages.create(message(runTag()))
        await vi.waitFor(() => expect(heard.at(-1)).toEqual({ op: 'insert', count: 1 }), { timeout: 2_000 })
        await messages.update([id], { status: 'read', readAt: new Date().toISOString() })
        await vi.waitFor(() => expect(heard.at(-1)).toEqual({ op: 'update', count: 1 }), { timeout: 2_000 })
        // A statement that changes no row says nothing.
        await messages.update([id], { status: 'archived' }, { status: 'new' })
        await messages.remove([id])
        await vi.waitFor(() => expect(heard.at(-1)).toEqual({ op: 'delete', count: 1 }), { timeout: 2_000 })
      })
      // (A late notice of an earlier test's change may come first on a server.)
      expect(heard.slice(-3)).toEqual([
        { op: 'insert', count: 1 },
        { op: 'update', count: 1 },
        { op: 'delete', count: 1 },
      ])
    })

    it('announces a bulk insert by any writer once, with its row count', async ({ skip }) => {
      const { setup } = subject()
      if (!setup) return skip('needs the setup connection')
      const seeds = [0, 1, 2].map(() => makeContactMessage({ email: `${runTag()}@example.com` }))
      const heard = await hearing(async (heard) => {
        const ids = await insertContactMessages(setup, seeds)
        await vi.waitFor(() => expect(heard).toEqual([{ op: 'insert', count: 3 }]), { timeout: 2_000 })
        expect(await subject().backend.messages.remove(ids)).toBe(3)
        // Heard before the next test listens: a server delivers notifications a little later.
        await vi.waitFor(() => expect(heard).toHaveLength(2), { timeout: 2_000 })
      })
      expect(heard).toEqual([
        { op: 'insert', count: 3 },
        { op: 'delete', count: 3 },
      ])
    })

    it('tells nobody of a change no page shows: an anonymized address, a statement changing nothing', async ({ skip }) => {
      const { setup, backend } = subject()
      if (!setup) return skip('needs the setup connection')
      const { id } = await backend.messages.create({ ...message(runTag()), ipAddress: '198.51.100.7' })
      const heard = await hearing(async (heard) => {
        // As retention's anonymizing batch does; then a change a list shows, to know the first was heard.
        await setup.query('update public.contact_messages set ip_address = null where id = $1', [id])
        await setup.query('update public.contact_messages set status = status, read_at = read_at where id = $1', [id])
        await backend.messages.update([id], { status: 'read', readAt: new Date().toISOString() })
        await vi.waitFor(() => expect(heard.at(-1)).toEqual({ op: 'update', count: 1 }), { timeout: 2_000 })
        await backend.messages.remove([id])
        await vi.waitFor(() => expect(heard.at(-1)).toEqual({ op: 'delete', count: 1 }), { timeout: 2_000 })
      })
      expect(heard.slice(-2)).toEqual([
        { op: 'update', count: 1 },
        { op: 'delete', count: 1 },
      ])
      // (A late notice of an earlier test's change may come first on a server: none of this message's.)
      expect(heard.filter((change) => change.op === 'update')).toHaveLength(1)
    })

    it('stops telling a listener once it unsubscribes', async () => {
      const { messages } = subject().backend
      const heard: InboxChange[] = []
      const unsubscribe = await subject().backend.inboxEvents.subscribe((change) => heard.push(change))
      unsubscribe()
      const still = await hearing(async (others) => {
        const { id } = await messages.create(message(runTag()))
        await vi.waitFor(() => expect(others).toContainEqual({ op: 'insert', count: 1 }), { timeout: 2_000 })
        await messages.remove([id])
        await vi.waitFor(() => expect(others).toContainEqual({ op: 'delete', count: 1 }), { timeout: 2_000 })
      })
      expect(still.length).toBeGreaterThanOrEqual(2)
      expect(heard).toEqual([])
    })
  })
}
