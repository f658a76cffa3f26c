/**
 * Contract: the inbox's date range (MessageQuery from/to): Istanbul days, both inclusive, with
 * summer time where Istanbul had it (2011: +2 until 28 March, +3 from then), combined with status
 * and search; counted exactly up to the search's cap, as owner filters are.
 */
import { describe, expect, it } from 'vitest'
import { makeContactMessage } from '~/backend/seed-messages'
import { insertContactMessages } from '~/backend/sql/messages.server'
import { MESSAGE_SEARCH_COUNT_CAP } from '~/domain/messages'
import { runTag, type Subject } from './contract-subject'

export function describeDateRange(subject: Subject): void {
  describe('date range', () => {
    it('lists and counts the messages of Istanbul days, both ends inclusive', async ({ skip }) => {
      const { setup, backend } = subject()
      if (!setup) return skip('needs the setup connection')
      const tag = runTag()
      const at = (iso: string, status: 'new' | 'read' | 'spam' = 'new') =>
        makeContactMessage({
          email: `${tag}-${iso.slice(0, 19).replace(/\D/g, '')}@example.com`,
          createdAt: new Date(iso),
          status,
        })
      const ids = await insertContactMessages(setup, [
        at('2011-03-26T21:59:59.000Z'), // 26 March 23:59:59 in Istanbul (+2)
        at('2011-03-26T22:00:00.000Z'), // 27 March 00:00
        at('2011-03-27T21:59:59.000Z', 'read'), // 27 March 23:59:59
        at('2011-03-27T22:00:00.000Z'), // 28 March 00:00 (+2 until 03:00)
        at('2011-03-28T20:59:59.000Z'), // 28 March 23:59:59 (+3)
        at('2011-03-28T21:00:00.000Z'), // 29 March 00:00
        at('2011-03-28T12:00:00.000Z', 'spam'),
      ])
      try {
        const list = (query: { from?: string; to?: string; status?: 'all' | 'read' | 'spam'; search?: string }) =>
          backend.messages.list({ status: 'all', search: '', page: 1, pageSize: 50, ...query })
        const emails = (page: { items: { email: string }[] }) =>
          page.items.map((item) => item.email.slice(tag.length + 1, -'@example.com'.length)).sort()

        const march27to28 = await list({ from: '2011-03-27', to: '2011-03-28', search: tag })
        expect(emails(march27to28)).toEqual(['20110326220000', '20110327215959', '20110327220000', '20110328205959'])
        expect(march27to28.total).toBe(4)

        // No search: the count comes from the range, not the per-status counters.
        const day28 = await list({ from: '2011-03-28', to: '2011-03-28' })
        expect(emails(day28)).toEqual(['20110327220000', '20110328205959'])
        expect(day28.total).toBe(2)
        expect(day28.totalExact).toBe(true)

        expect(emails(await list({ from: '2011-03-29', search: tag }))).toEqual(['20110328210000'])
        expect(emails(await list({ to: '2011-03-26', search: tag }))).toEqual(['20110326215959'])
        expect(emails(await list({ from: '2011-03-27', to: '2011-03-28', status: 'read' }))).toEqual(['20110327215959'])
        expect(emails(await list({ from: '2011-03-28', to: '2011-03-28', status: 'spam' }))).toEqual(['20110328120000'])
      } finally {
        await backend.messages.remove(ids)
      }
    })

    it('counts a day’s or an owner’s messages up to the cap, and exactly once a page reaches past it', async ({ skip }) => {
      const { setup, backend } = subject()
      if (!setup) return skip('needs the setup connection')
      const tag = runTag()
      const owner = `${tag}@example.com`
      const count = MESSAGE_SEARCH_COUNT_CAP + 5
      // One a minute from 00:00 of 15 June 2012 in Istanbul (+3), all of one owner; short texts keep the inserts cheap.
      const inserted = await setup.query<{ id: string }>(
        `insert into public.contact_messages (name, email, message, status, created_at, owner_email)
         select 'Ziyaretçi', $1 || '-' || g || '@example.com', 'Merhabalar.', 'new', $2::timestamptz + make_interval(mins => g), $3
         from generate_series(0, $4 - 1) g returning id`,
        [tag, '2012-06-14T21:00:00Z', owner, count],
      )
      const ids = inserted.rows.map((row) => row.id)
      try {
        const newestFirst = (from: number, to: number) =>
          Array.from({ length: to - from }, (_, i) => `${tag}-${count - 1 - from - i}@example.com`)
        for (const filter of [{ from: '2012-06-15', to: '2012-06-15' }, { owner: { kind: 'email' as const, email: owner } }]) {
          const list = (page: number) => backend.messages.list({ status: 'all', search: '', page, pageSize: 50, ...filter })
          const first = await list(1)
          expect([first.total, first.totalExact]).toEqual([MESSAGE_SEARCH_COUNT_CAP, false])
          expect(first.items.map((m) => m.email)).toEqual(newestFirst(0, 50))
          // Page 21 reaches past the cap: the count goes to its end, and it is exact.
          const last = await list(21)
          expect([last.total, last.totalExact]).toEqual([count, true])
          expect(last.items.map((m) => m.email)).toEqual(newestFirst(1000, count))
        }
      } finally {
        await backend.messages.remove(ids)
      }
    })
  })
}
