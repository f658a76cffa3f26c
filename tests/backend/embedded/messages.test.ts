import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeContactMessage, makeContactMessage, sampleContactMessages } from '~/backend/seed-messages'
import { escapeLike, messageFilter } from '~/backend/sql/message-rows.server'
import { insertContactMessages } from '~/backend/sql/messages.server'
import { openTestBackend, type TestBackend } from '../embedded-harness'
import { rolledBack } from '../rolled-back'

let t: TestBackend

beforeAll(async () => {
  t = await openTestBackend()
})
afterAll(async () => {
  await t?.dispose()
})

describe('search pattern', () => {
  it('escapes the ILIKE wildcards and the escape character itself', () => {
    expect(escapeLike('50%')).toBe('50\\%')
    expect(escapeLike('a_b')).toBe('a\\_b')
    expect(escapeLike('C:\\x')).toBe('C:\\\\x')
    expect(escapeLike('plain text')).toBe('plain text')
  })

  it('builds one parameter for the stored lowercased text of the three columns; "all" leaves spam and the trash out, the trash holds any status', () => {
    expect(messageFilter({ status: 'all', search: '  ' })).toEqual({
      where: `status <> 'spam' AND deleted_at IS NULL`,
      params: [],
    })
    expect(messageFilter({ status: 'read', search: ' Ayşe ' })).toEqual({
      where: 'status = $1 AND deleted_at IS NULL AND search_text LIKE lower($2)',
      params: ['read', '%Ayşe%'],
    })
    expect(messageFilter({ status: 'trash', search: '' })).toEqual({ where: 'deleted_at IS NOT NULL', params: [] })
  })

  it('lets the planner use the trigram index of the searched text', async () => {
    await insertContactMessages(
      t.db,
      Array.from({ length: 300 }, () => makeContactMessage()),
    )
    const { where, params } = messageFilter({ status: 'all', search: 'teklif' })
    const plan = await t.db.transaction(async (tx) => {
      // Force the choice: on a small table a sequential scan is cheaper, which proves nothing.
      await tx.exec('set local enable_seqscan = off')
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `explain select id from public.contact_messages where ${where}`,
        params,
      )
      return rows.map((r) => r['QUERY PLAN']).join('\n')
    })
    expect(plan).toContain('contact_messages_search_text_trgm_idx')
  })

  // The stored lowercased text (migration 20261128001000_search_text.sql) must find exactly what
  // the three ILIKEs found: same case folding, and no match across two fields.
  it('finds with the stored search text exactly the messages the three ILIKEs find', async () => {
    const now = new Date()
    await insertContactMessages(t.db, [
      ...Array.from({ length: 400 }, (_, n) => fakeContactMessage(n, { now })),
      { ...makeContactMessage(), name: 'İpek IŞIK', email: 'ipek.isik@example.com', message: 'ÇALIŞMA 500% abc_def C:\\xyz' },
    ])
    const ids = async (where: string, params: string[]) =>
      (await t.db.query<{ id: string }>(`select id from public.contact_messages where ${where} order by id`, params)).rows.map(
        (row) => row.id,
      )
    const terms = [
      'mehmet',
      'ÖZTÜRK',
      'Işık',
      'işık',
      'çalışma',
      'example.org',
      'erp seç',
      '500%',
      'abc_def',
      'abc_d',
      'C:\\xyz',
      'zqxjv',
    ]
    for (const term of terms) {
      const pattern = `%${escapeLike(term)}%`
      const before = await ids(
        `status <> 'spam' AND deleted_at IS NULL AND (name ILIKE $1 OR email ILIKE $1 OR message ILIKE $1)`,
        [pattern],
      )
      const { where, params } = messageFilter({ status: 'all', search: term })
      expect(await ids(where, params), term).toEqual(before)
    }
    // The end of a name and the start of its address are two fields: nothing spans them.
    const { where, params } = messageFilter({ status: 'all', search: 'IŞIK ipek.isik' })
    expect(await ids(where, params)).toEqual([])
  })

  // PostgreSQL folds case letter by letter (Ç→ç, İ→i), not by Turkish rules: "YILMAZ" does not
  // find "Yılmaz" (I→i, not ı), on Supabase as here. Typing the dotless ı as written works.
  it('finds Turkish text in another case', async () => {
    const count = async (search: string) => (await t.backend.messages.list({ status: 'all', search, page: 1, pageSize: 5 })).total
    expect(await count('ERP SEÇİM')).toBeGreaterThan(0)
    expect(await count('yılmaz')).toBeGreaterThan(0)
    expect(await count('ÇELİK')).toBeGreaterThan(0)
  })
})

describe('factories', () => {
  it('makes valid rows with read_at only when read or archived', async () => {
    const rows = [makeContactMessage({ status: 'new' }), makeContactMessage({ status: 'archived' })]
    expect(rows[0]!.readAt).toBeNull()
    expect(rows[1]!.readAt!.getTime()).toBeGreaterThan(rows[1]!.createdAt.getTime())
    const ids = await insertContactMessages(t.db, rows)
    const stored = await t.backend.messages.get(ids[1]!)
    expect(stored).toMatchObject({ status: 'archived', readAt: rows[1]!.readAt!.toISOString() })
  })

  it('spreads the eight demo messages over the last weeks in both languages and every status', () => {
    const now = new Date('2026-11-21T12:00:00Z')
    const samples = sampleContactMessages(now)
    expect(samples).toHaveLength(8)
    expect(new Set(samples.map((s) => s.status))).toEqual(new Set(['new', 'read', 'archived']))
    expect(samples.some((s) => /[çğıöşüİ]/.test(s.message))).toBe(true)
    expect(samples.some((s) => /\b(we|you)\b/i.test(s.message))).toBe(true)
    for (const s of samples) {
      expect(s.createdAt.getTime()).toBeLessThan(now.getTime())
      expect(now.getTime() - s.createdAt.getTime()).toBeLessThan(40 * 24 * 3600 * 1000)
    }
  })
})

describe('counts', () => {
  it('keeps the counter table equal to count(*) per status out of the trash and in it, also after a truncate', async () => {
    const exact = async () => {
      const { rows } = await t.db.query<{ ok: boolean }>(`
        select bool_and(c.n = (select count(*) from public.contact_messages m
                               where case when m.deleted_at is null then m.status else 'trash' end = c.status)) as ok
        from public.contact_message_counts c`)
      return rows[0]!.ok
    }
    await t.db.query(`update public.contact_messages set status = 'archived' where status = 'read'`)
    expect(await exact()).toBe(true)
    const ids = await insertContactMessages(t.db, [
      makeContactMessage({ status: 'spam' }),
      makeContactMessage({ status: 'read', deletedAt: new Date() }),
      makeContactMessage({ status: 'spam', deletedAt: new Date() }),
    ])
    expect(await exact()).toBe(true)
    await t.db.query(`update public.contact_messages set deleted_at = now() where id = $1`, [ids[0]])
    await t.db.query(`update public.contact_messages set deleted_at = null, status = 'new' where id = $1`, [ids[1]])
    expect(await exact()).toBe(true)
    const { rows } = await t.db.query<{ status: string }>('select status from public.contact_message_counts order by status')
    expect(rows.map((row) => row.status)).toEqual(['archived', 'new', 'read', 'spam', 'trash'])
    const afterTruncate = await rolledBack(t.db, async (tx) => {
      // cascade: the spam filter's lessons (spam_learned) refer to messages.
      await tx.exec('truncate public.contact_messages cascade')
      return (await tx.query<{ n: number }>('select sum(n)::int as n from public.contact_message_counts')).rows[0]!.n
    })
    expect(afterTruncate).toBe(0)
    expect(await exact()).toBe(true)
  })
})
