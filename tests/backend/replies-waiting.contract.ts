/**
 * Contract: the leads awaiting a reply (`reply: 'waiting'`), oldest first, combinable with the
 * other filters, leaving out spam, the trash and archived ones; and the saved replies' store
 * ('Hazır Yanıtlar'), its limit and its activity rows.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { MessageQuery } from '~/domain/messages'
import { LIMITS } from '~/lib/limits'
import { runTag, type Subject } from './contract-subject'

export function describeRepliesWaiting(subject: Subject): void {
  describe('replies: awaiting a reply, saved replies', () => {
    it('lists the leads nobody replied to, oldest first, with any other filter; a reply takes one out', async () => {
      const { backend, adminEmail } = subject()
      const tag = runTag()
      const create = async (suffix: string, status?: 'spam') =>
        (
          await backend.messages.create({
            name: `Bekleyen ${suffix}`,
            email: `${tag}-${suffix}@example.com`,
            message: `Lead ${tag}.`,
            status,
          })
        ).id
      // Created one after another: each arrives later than the one before.
      const oldest = await create('a')
      const spam = await create('s', 'spam')
      const archived = await create('r')
      const trashed = await create('t')
      const middle = await create('b')
      const newest = await create('c')
      await backend.messages.update([archived], { status: 'archived' })
      await backend.messages.trash([trashed])
      const waiting = async (query: Partial<MessageQuery> = {}) =>
        (
          await backend.messages.list({ status: 'all', search: tag, page: 1, pageSize: 50, reply: 'waiting', ...query })
        ).items.map((m) => m.id)

      expect(await waiting()).toEqual([oldest, middle, newest])
      expect(await waiting({ status: 'new' })).toEqual([oldest, middle, newest])
      expect(await waiting({ status: 'spam' })).toEqual([])
      expect(await waiting({ status: 'archived' })).toEqual([])
      // Without a search: the count and the order come from the index, with the owner filter.
      await backend.leads.assign({ id: middle, owner: adminEmail, actor: adminEmail, linkOrigin: null })
      await backend.leads.assign({ id: oldest, owner: adminEmail, actor: adminEmail, linkOrigin: null })
      const mine = await backend.messages.list({
        status: 'all',
        search: '',
        page: 1,
        pageSize: 5,
        reply: 'waiting',
        owner: { kind: 'email', email: adminEmail },
      })
      expect(mine.items.map((m) => m.id).filter((id) => id === oldest || id === middle)).toEqual([oldest, middle])
      expect(mine.total).toBeGreaterThanOrEqual(2)

      const sent = await backend.replies.send(
        { id: randomUUID(), messageId: middle, author: adminEmail, locale: 'tr', body: 'Merhaba, teşekkürler.' },
        { actor: adminEmail },
      )
      expect(sent.ok).toBe(true)
      expect(await waiting()).toEqual([oldest, newest])
      const answered = (await backend.messages.list({ status: 'all', search: tag, page: 1, pageSize: 50 })).items.find(
        (m) => m.id === middle,
      )
      expect(answered?.repliedAt).toEqual(expect.any(String))
      expect((await backend.activity.forMessage(middle)).map((row) => [row.action, row.actor])).toContainEqual([
        'message.reply',
        adminEmail,
      ])
      await backend.messages.remove([oldest, spam, archived, trashed, middle, newest])
    })

    it('keeps saved replies by title, changes and deletes them, each change in the activity log', async () => {
      const { backend, adminEmail } = subject()
      const tag = runTag()
      const by = { actor: adminEmail }
      const created = await backend.savedReplies.create(
        { title: `${tag} Teşekkür`, bodyTr: 'Merhaba {ad},\nteşekkürler.', bodyEn: 'Hello {ad},\nthank you.' },
        by,
      )
      if (!created.ok) throw new Error(created.reason)
      const second = await backend.savedReplies.create({ title: `${tag} Bilgi`, bodyTr: 'Bilgi', bodyEn: 'Info' }, by)
      if (!second.ok) throw new Error(second.reason)
      const ours = async () => (await backend.savedReplies.list()).filter((reply) => reply.title.startsWith(tag))
      expect((await ours()).map((reply) => reply.title)).toEqual([`${tag} Bilgi`, `${tag} Teşekkür`])
      expect((await ours())[1]).toMatchObject({ bodyTr: 'Merhaba {ad},\nteşekkürler.', bodyEn: 'Hello {ad},\nthank you.' })

      const updated = await backend.savedReplies.update(
        created.savedReply.id,
        { title: `${tag} Teşekkürler`, bodyTr: 'Sevgili {ad}', bodyEn: 'Dear {ad}' },
        by,
      )
      expect(updated).toMatchObject({ id: created.savedReply.id, title: `${tag} Teşekkürler`, bodyTr: 'Sevgili {ad}' })
      expect(await backend.savedReplies.update(randomUUID(), { title: 'x', bodyTr: 'x', bodyEn: 'x' }, by)).toBeNull()
      expect(await backend.savedReplies.update('not-a-uuid', { title: 'x', bodyTr: 'x', bodyEn: 'x' }, by)).toBeNull()
      expect(await backend.savedReplies.remove(second.savedReply.id, by)).toBe(true)
      expect(await backend.savedReplies.remove(second.savedReply.id, by)).toBe(false)
      expect((await ours()).map((reply) => reply.title)).toEqual([`${tag} Teşekkürler`])

      const log = await backend.activity.list({ actor: adminEmail, limit: 50 })
      const rows = log.filter((row) => String(row.detail.title ?? '').startsWith(tag))
      expect(rows.map((row) => [row.action, row.actor]).reverse()).toEqual([
        ['saved_reply.create', adminEmail],
        ['saved_reply.create', adminEmail],
        ['saved_reply.update', adminEmail],
        ['saved_reply.delete', adminEmail],
      ])
      await backend.savedReplies.remove(created.savedReply.id, by)
    })

    it('refuses a saved reply beyond the limit', async ({ skip }) => {
      const { backend, adminEmail, setup } = subject()
      if (!setup) return skip('needs the setup connection')
      const tag = runTag()
      await setup.query(
        `insert into public.saved_replies (title, body_tr, body_en, created_at, updated_at)
         select $1 || n, 'tr', 'en', now(), now()
         from generate_series(1, greatest(0, $2::int - (select count(*)::int from public.saved_replies))) n`,
        [tag, LIMITS.savedReplies.max],
      )
      expect(
        await backend.savedReplies.create({ title: `${tag} fazla`, bodyTr: 'x', bodyEn: 'x' }, { actor: adminEmail }),
      ).toEqual({
        ok: false,
        reason: 'limit',
      })
      await setup.query(`delete from public.saved_replies where title like $1 || '%'`, [tag])
    })
  })
}
