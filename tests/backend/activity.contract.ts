/**
 * Contract: the activity log (Backend.activity and the SQL core's recordActivity). Rows are
 * written with their actor and an approximate address, read per message and filtered; a row
 * written in a transaction that rolls back is not there; erasure turns an address into its hash.
 */
import { describe, expect, it } from 'vitest'
import { pseudonymizeActivity, recordActivity } from '~/backend/sql/activity.server'
import { runTag, type Subject } from './contract-subject'

export function describeActivity(subject: Subject, options: { erases: boolean }): void {
  // Registered only where the subject can erase a person's account: never a skipped test.
  const erasureIt = (name: string, fn: () => Promise<void>) => {
    if (options.erases) it(name, fn)
  }

  /** The connection that runs a transaction as an action of the SQL core would. */
  const setupOf = () => {
    const { setup } = subject()
    if (!setup) throw new Error('needs the setup connection')
    return setup
  }

  describe('activity log', () => {
    const uuid = () => crypto.randomUUID()

    it('records a row with its actor, action, messages, detail and approximate address, and reads it back', async () => {
      const { backend } = subject()
      const actor = `actor-${runTag()}@example.com`
      const [m1, m2] = [uuid(), uuid()]
      await backend.activity.record({
        actor,
        action: 'message.trash',
        messageIds: [m1, m2],
        detail: { count: 2 },
        requestId: 'req-1',
        ip: '203.0.113.77',
      })
      const rows = await backend.activity.list({ actor, limit: 10 })
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        actor,
        action: 'message.trash',
        messageIds: [m1, m2],
        subject: null,
        detail: { count: 2 },
        requestId: 'req-1',
        address: '203.0.113.0/24',
      })
      expect(rows[0]!.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
      // Its history, by either message; a third message has none, a bad id neither.
      expect((await backend.activity.forMessage(m2)).map((r) => r.id)).toEqual([rows[0]!.id])
      expect(await backend.activity.forMessage(uuid())).toEqual([])
      expect(await backend.activity.forMessage("x' or true --")).toEqual([])
    })

    it('keeps only the /48 of an IPv6 address', async () => {
      const { backend } = subject()
      const actor = `v6-${runTag()}@example.com`
      await backend.activity.record({ actor, action: 'sign_in.success', ip: '2001:db8:abcd:12:3456::1' })
      const [row] = await backend.activity.list({ actor, limit: 10 })
      expect(row!.address).toBe('2001:db8:abcd::/48')
    })

    it('filters by actor, action and time, newest first, and pages by row', async () => {
      const { backend } = subject()
      const actor = `filter-${runTag()}@example.com`
      const other = `other-${runTag()}@example.com`
      const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12))
      await backend.activity.record({ actor, action: 'message.open', at: day(1) })
      await backend.activity.record({ actor, action: 'message.export', at: day(2), detail: { count: 3 } })
      await backend.activity.record({ actor, action: 'message.open', at: day(3) })
      await backend.activity.record({ actor: other, action: 'message.open', at: day(2) })
      const mine = await backend.activity.list({ actor: actor.toUpperCase(), limit: 10 })
      expect(mine.map((r) => [r.action, r.at.slice(0, 10)])).toEqual([
        ['message.open', '2026-01-03'],
        ['message.export', '2026-01-02'],
        ['message.open', '2026-01-01'],
      ])
      const opens = await backend.activity.list({ actor, action: 'message.open', limit: 10 })
      expect(opens.map((r) => r.at.slice(0, 10))).toEqual(['2026-01-03', '2026-01-01'])
      const window = await backend.activity.list({ actor, from: '2026-01-02', until: '2026-01-03', limit: 10 })
      expect(window.map((r) => r.action)).toEqual(['message.export'])
      const [first] = await backend.activity.list({ actor, limit: 1 })
      const next = await backend.activity.list({ actor, before: first!.id, limit: 10 })
      expect(next.map((r) => r.at.slice(0, 10))).toEqual(['2026-01-02', '2026-01-01'])
    })

    it('writes the row in the action’s transaction: rolled back with it', async () => {
      const { backend } = subject()
      const setup = setupOf()
      const actor = `tx-${runTag()}@example.com`
      await expect(
        setup.transaction(async (tx) => {
          await recordActivity(tx, { actor, action: 'message.purge', messageIds: [uuid()] })
          throw new Error('the action failed')
        }),
      ).rejects.toThrow('the action failed')
      expect(await backend.activity.list({ actor, limit: 10 })).toEqual([])
      await setup.transaction((tx) => recordActivity(tx, { actor, action: 'message.purge', messageIds: [uuid()] }))
      expect(await backend.activity.list({ actor, limit: 10 })).toHaveLength(1)
    })

    it('replaces an erased address by its hash as actor, subject and an owner change’s old or new owner, and deletes no row', async () => {
      const { backend } = subject()
      const setup = setupOf()
      const erased = `erased-${runTag()}@example.com`
      const witness = `witness-${runTag()}@example.com`
      await backend.activity.record({ actor: erased, action: 'message.open', messageIds: [uuid()] })
      await backend.activity.record({ actor: witness, action: 'team.add', subject: erased.toUpperCase() })
      const handed = uuid()
      await backend.activity.record({
        actor: witness,
        action: 'message.owner',
        messageIds: [handed],
        detail: { from: erased, to: witness },
      })
      const hash = 'ab'.repeat(32)
      expect(await setup.transaction((tx) => pseudonymizeActivity(tx, erased, hash))).toBe(3)
      expect((await backend.activity.forMessage(handed))[0]!.detail).toEqual({ from: hash, to: witness })
      expect(await backend.activity.list({ actor: erased, limit: 10 })).toEqual([])
      expect((await backend.activity.list({ actor: hash, limit: 10 })).map((r) => r.action)).toEqual(['message.open'])
      const [added] = await backend.activity.list({ actor: witness, action: 'team.add', limit: 10 })
      expect(added).toMatchObject({ actor: witness, subject: hash })
    })

    it('records a message opened again by the same person once an hour; a colleague’s opening is a row of its own', async () => {
      const { backend } = subject()
      const [reader, colleague, id] = [`reader-${runTag()}@example.com`, `colleague-${runTag()}@example.com`, uuid()]
      const open = (actor: string, at?: Date) => backend.activity.record({ actor, action: 'message.open', messageIds: [id], at })
      await open(reader)
      const first = new Date((await backend.activity.forMessage(id))[0]!.at).getTime()
      const minutes = (n: number) => new Date(first + n * 60_000)
      await open(reader, minutes(1))
      await open(reader, minutes(59))
      await open(colleague, minutes(30))
      await open(reader, minutes(61))
      const rows = (await backend.activity.forMessage(id)).reverse()
      expect(rows.map((r) => [r.actor, new Date(r.at).getTime() - first])).toEqual([
        [reader, 0],
        [colleague, 30 * 60_000],
        [reader, 61 * 60_000],
      ])
    })

    erasureIt('after one person’s erasure no row holds their address in clear, and every row is still there', async () => {
      const { backend, adminEmail } = subject()
      const erased = `gone-${runTag()}@example.com`
      const messageId = uuid()
      await backend.activity.record({ actor: erased, action: 'message.open', messageIds: [messageId] })
      await backend.activity.record({ actor: adminEmail, action: 'privacy.export', subject: erased })
      const exported = await backend.privacy.exportData(erased)
      expect(exported.activity.map((a) => a.action)).toEqual(['message.open', 'privacy.export'])
      expect((await backend.privacy.erase(erased, { via: 'cli' })).ok).toBe(true)
      const history = await backend.activity.forMessage(messageId)
      expect(history).toHaveLength(1)
      expect(history[0]!.actor).toMatch(/^[0-9a-f]{64}$/)
      const mine = await backend.activity.list({ actor: adminEmail, action: 'privacy.export', limit: 100 })
      expect(mine.some((row) => row.subject === history[0]!.actor)).toBe(true)
      expect(JSON.stringify(await backend.activity.list({ limit: 1000 }))).not.toContain(erased)
      expect((await backend.privacy.exportData(erased)).activity).toEqual([])
    })

    it('every staff action on messages, banners, the team and one person’s data writes its row with its actor', async () => {
      const { backend, adminEmail } = subject()
      const actor = `acting-${runTag()}@example.com`
      const by = { actor, requestId: `req-${runTag()}`, ip: '198.51.100.23' }
      const newMessage = async () =>
        (
          await backend.messages.create({
            name: 'Etkinlik Testi',
            email: `sender-${runTag()}@example.com`,
            message: 'Etkinlik kaydı için bir mesaj.',
          })
        ).id
      const [a, b] = [await newMessage(), await newMessage()]
      await backend.messages.update(
        [a],
        { status: 'read', readAt: new Date().toISOString() },
        { status: 'new' },
        {
          ...by,
          action: 'message.open',
        },
      )
      await backend.messages.update([a, b], { status: 'archived' }, undefined, by)
      await backend.messages.markSpam([b], by)
      await backend.messages.markNotSpam([b], undefined, by)
      await backend.messages.trash([a, b], by)
      await backend.messages.restore([b], by)
      await backend.messages.purge([a], by)
      await backend.messages.trash([b], by)
      await backend.messages.emptyTrash(by)
      // Nothing changed, nothing written: a second purge of a gone message.
      await backend.messages.purge([a], by)
      const banners = await backend.banners.list()
      await backend.banners.reset(by)
      if (banners.length > 0) await backend.banners.upsert(banners)
      const rows = await backend.activity.list({ actor, limit: 100 })
      expect(rows.map((r) => [r.action, [...r.messageIds].sort()]).reverse()).toEqual([
        ['message.open', [a]],
        ['message.status', [a, b].sort()],
        ['message.spam', [b]],
        ['message.not_spam', [b]],
        ['message.trash', [a, b].sort()],
        ['message.restore', [b]],
        ['message.purge', [a]],
        ['message.trash', [b]],
        ['message.purge', [b]],
        ['banner.change', []],
      ])
      for (const row of rows) expect(row).toMatchObject({ actor, requestId: by.requestId, address: '198.51.100.0/24' })
      expect(rows.find((r) => r.action === 'message.status')!.detail).toEqual({ count: 2, status: 'archived' })
      // A message's history holds everything done to it, newest first.
      expect((await backend.activity.forMessage(b)).map((r) => r.action)).toEqual([
        'message.purge',
        'message.trash',
        'message.restore',
        'message.trash',
        'message.not_spam',
        'message.spam',
        'message.status',
        // Its arrival, recorded by the site itself (the history's first line).
        'message.receive',
      ])
      // Without an actor (tools, tests, the retention job) the store writes nothing more than the arrival.
      const c = await newMessage()
      await backend.messages.trash([c])
      await backend.messages.purge([c])
      expect((await backend.activity.forMessage(c)).map((r) => r.action)).toEqual(['message.receive'])
      void adminEmail
    })

    erasureIt(
      'team changes and one person’s erasure write their rows in their own transactions; the team history survives the erasure',
      async () => {
        const { backend, adminEmail, setup } = subject()
        const member = `member-${runTag()}@example.com`
        if (!setup) throw new Error('needs the setup connection')
        await setup.query('insert into public.admin_emails (email) values ($1)', [member])
        await backend.team.remove(member, adminEmail, { requestId: 'req-team', ip: '203.0.113.5' })
        const [removed] = await backend.activity.list({ actor: adminEmail, action: 'team.remove', limit: 1 })
        expect(removed).toMatchObject({ subject: member, requestId: 'req-team', address: '203.0.113.0/24' })
        const before = (await backend.team.history(1000)).filter((c) => c.email === member)
        expect(before.map((c) => c.action).sort()).toEqual(['added', 'removed'])
        expect(
          (await backend.privacy.erase(member, { via: 'staff', actor: adminEmail, from: { requestId: 'req-erase' } })).ok,
        ).toBe(true)
        const [erased] = await backend.activity.list({ actor: adminEmail, action: 'privacy.erase', limit: 1 })
        expect(erased).toMatchObject({ requestId: 'req-erase' })
        expect(erased!.subject).toMatch(/^[0-9a-f]{64}$/)
        // The team history keeps both rows, the address replaced by the same hash.
        const after = (await backend.team.history(1000)).filter((c) => c.email === erased!.subject)
        expect(after.map((c) => c.id).sort()).toEqual(before.map((c) => c.id).sort())
        expect(JSON.stringify(await backend.team.history(1000))).not.toContain(member)
        expect(
          (await backend.activity.list({ action: 'team.remove', limit: 100 })).find((r) => r.id === removed!.id)!.subject,
        ).toBe(erased!.subject)
      },
    )
  })
}
