/**
 * Contract: working leads as a team (Backend.leads): an owner per lead, mailed when handed to a
 * colleague (never for spam or the trash), unassigned when its owner leaves the team; notes with
 * mentions; names; every change in the lead's history (the activity log).
 */
import { describe, expect, it } from 'vitest'
import { historyOf } from '~/features/leads/lead-history.server'
import { runTag, type Subject } from './contract-subject'

export function describeLeads(subject: Subject): void {
  describe('leads', () => {
    /** A colleague on the admin list (no account: the Supabase subject cannot create one). */
    async function colleague(): Promise<string> {
      const email = `${runTag()}@example.com`
      await subject().setup!.query('insert into public.admin_emails (email) values ($1)', [email])
      return email
    }
    const lead = async (tag: string) =>
      (
        await subject().backend.messages.create({
          name: 'Takım Müşterisi',
          email: `${tag}@example.com`,
          message: `Team lead ${tag}.`,
        })
      ).id
    async function mailsOf(messageId: string): Promise<{ kind: string; recipient: string }[]> {
      const { setup } = subject()
      const { rows } = await setup!.query<{ kind: string; recipient: string }>(
        `select kind, recipient from public.mail_queue where message_id = $1 and kind like 'lead_%' order by created_at, recipient`,
        [messageId],
      )
      return rows
    }

    it('gives a lead an owner, filters by it, mails a colleague it is handed to, and unassigns a leaver', async ({ skip }) => {
      const { backend, adminEmail, setup } = subject()
      if (!setup) return skip('needs the setup connection')
      const other = await colleague()
      const tag = runTag()
      const id = await lead(tag)
      const spam = (
        await backend.messages.create({
          name: 'Spam Kutusu',
          email: `${tag}-s@example.com`,
          message: `Buy now ${tag}.`,
          status: 'spam',
        })
      ).id

      expect(await backend.leads.assign({ id, owner: adminEmail, actor: adminEmail, linkOrigin: null })).toEqual({
        ok: true,
        changed: true,
        mailed: false,
      })
      const mine = await backend.messages.list({
        status: 'all',
        search: tag,
        page: 1,
        pageSize: 50,
        owner: { kind: 'email', email: adminEmail },
      })
      expect(mine.items.map((m) => m.id)).toEqual([id])
      expect(mine.items[0]!.ownerEmail).toBe(adminEmail)
      const none = await backend.messages.list({ status: 'all', search: tag, page: 1, pageSize: 50, owner: { kind: 'none' } })
      expect(none.items).toEqual([])

      expect(
        await backend.leads.assign({ id, owner: other, actor: adminEmail, linkOrigin: 'https://example.com' }),
      ).toMatchObject({ mailed: true })
      expect(await mailsOf(id)).toEqual([{ kind: 'lead_assigned', recipient: other }])
      // Spam is nobody's work: assigned, but nobody is mailed.
      expect(await backend.leads.assign({ id: spam, owner: other, actor: adminEmail, linkOrigin: null })).toMatchObject({
        ok: true,
        mailed: false,
      })
      expect(await mailsOf(spam)).toEqual([])
      // Only a team member can own a lead.
      expect(await backend.leads.assign({ id, owner: 'nobody@example.com', actor: adminEmail, linkOrigin: null })).toEqual({
        ok: false,
        reason: 'not_member',
      })

      expect(await backend.team.remove(other, adminEmail)).toEqual({ ok: true })
      expect((await backend.messages.get(id))!.ownerEmail).toBeNull()
      expect((await backend.messages.get(spam))!.ownerEmail).toBeNull()

      const history = await backend.activity.forMessage(id)
      expect(history.reverse().map((row) => [row.action, row.actor, row.detail])).toEqual([
        ['message.receive', 'site', { spam: false }],
        ['message.owner', adminEmail, { from: null, to: adminEmail }],
        ['message.owner', adminEmail, { from: adminEmail, to: other }],
        // The leaver's two leads, unassigned in one row by the admin who removed them.
        ['message.owner', adminEmail, { from: other, to: null, left: true, count: 2 }],
      ])
      expect((await backend.activity.forMessage(spam))[0]!.messageIds.sort()).toEqual([id, spam].sort())
      await backend.messages.remove([id, spam])
    })

    it('tells a lead’s history oldest first: who did what, reads once an hour per person, with statuses and owners', async ({
      skip,
    }) => {
      const { backend, adminEmail, setup } = subject()
      if (!setup) return skip('needs the setup connection')
      const other = await colleague()
      const id = await lead(runTag())
      const by = { actor: adminEmail }
      await backend.messages.update(
        [id],
        { status: 'read', readAt: new Date().toISOString() },
        { status: 'new' },
        {
          ...by,
          action: 'message.open',
        },
      )
      // Opened again by the same person: nothing new; a colleague's first opening is a line.
      await backend.activity.record({ ...by, action: 'message.open', messageIds: [id] })
      await backend.activity.record({ actor: other, action: 'message.open', messageIds: [id] })
      await backend.activity.record({ actor: other, action: 'message.open', messageIds: [id] })
      await backend.messages.update([id], { status: 'archived' }, { status: 'read' }, by)
      await backend.leads.assign({ id, owner: other, actor: adminEmail, linkOrigin: null })
      await backend.leads.addNote({ messageId: id, actor: other, body: 'Ararım.', linkOrigin: null })
      await backend.messages.markSpam([id], by)
      await backend.messages.markNotSpam([id], undefined, by)
      await backend.messages.trash([id], by)
      await backend.messages.restore([id], by)
      await backend.team.remove(other, adminEmail)
      expect((await historyOf(backend, id)).map(({ id: _, at: __, ...line }) => line)).toEqual([
        { action: 'message.receive', actor: 'site', spam: false },
        { action: 'message.open', actor: adminEmail, to: 'read' },
        { action: 'message.open', actor: other },
        { action: 'message.status', actor: adminEmail, to: 'archived' },
        { action: 'message.owner', actor: adminEmail, from: null, to: other },
        { action: 'message.note', actor: other },
        { action: 'message.spam', actor: adminEmail },
        { action: 'message.not_spam', actor: adminEmail },
        { action: 'message.trash', actor: adminEmail },
        { action: 'message.restore', actor: adminEmail },
        { action: 'message.owner', actor: adminEmail, from: other, to: null, left: true },
      ])
      await backend.messages.remove([id])
    })

    it('keeps notes inert, mails the colleagues they mention by name or address, and lets the author delete them for 10 minutes', async ({
      skip,
    }) => {
      const { backend, adminEmail, setup } = subject()
      if (!setup) return skip('needs the setup connection')
      const other = await colleague()
      expect(await backend.leads.saveProfile(other, { name: 'Deniz Kaya', signature: 'Deniz\nPusula Dijital' })).toEqual({
        email: other,
        name: 'Deniz Kaya',
        signature: 'Deniz\nPusula Dijital',
      })
      expect(await backend.leads.saveProfile('nobody@example.com', { name: 'X', signature: null })).toBeNull()
      expect((await backend.leads.staff()).find((member) => member.email === other)).toEqual({ email: other, name: 'Deniz Kaya' })

      const id = await lead(runTag())
      const body = '<b>Acil</b> @deniz kaya bu firmayı tanıyor musun? @nobody'
      const note = await backend.leads.addNote({ messageId: id, actor: adminEmail, body, linkOrigin: null })
      expect(note).toMatchObject({ messageId: id, authorEmail: adminEmail, body, mentions: [other] })
      expect(await backend.leads.notes(id)).toEqual([note])
      expect(await mailsOf(id)).toEqual([{ kind: 'lead_note', recipient: other }])
      // Only the author, only within ten minutes.
      expect(await backend.leads.deleteNote({ id: note!.id, actor: other })).toBe(false)
      await setup.query(`update public.lead_notes set created_at = created_at - interval '11 minutes' where id = $1`, [note!.id])
      expect(await backend.leads.deleteNote({ id: note!.id, actor: adminEmail })).toBe(false)
      const second = await backend.leads.addNote({ messageId: id, actor: adminEmail, body: `@${other} sonra`, linkOrigin: null })
      expect(second!.mentions).toEqual([other])
      expect(await backend.leads.deleteNote({ id: second!.id, actor: adminEmail })).toBe(true)
      expect((await backend.leads.notes(id)).map((n) => n.id)).toEqual([note!.id])
      expect((await backend.activity.forMessage(id)).map((row) => row.action).reverse()).toEqual([
        'message.receive',
        'message.note',
        'message.note',
        'message.note_delete',
      ])
      // A note goes with its lead.
      await backend.messages.remove([id])
      expect(await backend.leads.notes(id)).toEqual([])
      await backend.team.remove(other, adminEmail)
    })
  })
}
