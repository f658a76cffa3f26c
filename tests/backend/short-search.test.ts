/**
 * Searches too short for a trigram match word starts in the name or e-mail address (decision
 * 077), through the indexes of the short-search migration, on the embedded mode's PGlite.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchMode } from '~/domain/messages'
import { type EmbeddedInstance, openEmbedded } from '~/backend/embedded/open-embedded.server'
import { makeContactMessage } from '~/backend/seed-messages'
import { messageFilter } from '~/backend/sql/message-rows.server'
import { insertContactMessages } from '~/backend/sql/messages.server'
import { substringShare } from '~/backend/sql/search-stats.server'

let instance: EmbeddedInstance
let dataDir: string

const PEOPLE = [
  { name: 'Ayşe Yılmaz', email: 'ayse.yilmaz@example.com', message: 'Bir ERP projesi için görüşmek istiyoruz.' },
  { name: 'İlker Işık', email: 'x@firma.com.tr', message: 'Hello, a question about your services.' },
  { name: 'Daniel Hughes', email: 'dan@example.org', message: 'Could we talk about an x@y style address?' },
  { name: 'Öykü Demir', email: 'oyku@example.net', message: 'Ay sonunda görüşebilir miyiz?' },
]

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pusula-short-search-'))
  instance = await openEmbedded({ dataDir, secureCookies: false, logEmails: false, inMemory: true })
  await instance.db.exec('delete from public.contact_messages')
  await insertContactMessages(
    instance.db,
    PEOPLE.map((p) => makeContactMessage(p)),
  )
})

afterAll(async () => {
  await instance?.backend.close()
  await fs.rm(dataDir, { recursive: true, force: true })
})

async function names(search: string): Promise<string[]> {
  const page = await instance.backend.messages.list({ status: 'all', search, page: 1, pageSize: 50 })
  return page.items.map((m) => m.name).sort()
}

describe('how common a substring is, from the column statistics', () => {
  const histogram = [
    'ayşe öztürk\x01ayse@example.com\x01merhaba',
    'daniel\x01dan@example.org\x01erp',
    'mehmet\x01m@firma.com.tr\x01platform',
  ]
  const stats = { common: [{ value: 'ali öztürk\x01ali@example.com\x01erp', share: 0.1 }], histogram, histogramShare: 0.9 }
  it('adds the common values that contain the term to the histogram share of the rest, in Turkish or plain lower case', () => {
    expect(substringShare(stats, 'öztürk')).toBeCloseTo(0.1 + 0.9 / 3)
    expect(substringShare(stats, 'ÖZTÜRK')).toBeCloseTo(0.1 + 0.9 / 3)
    expect(substringShare(stats, 'AYŞE')).toBeCloseTo(0.9 / 3)
    expect(substringShare(stats, 'example')).toBeCloseTo(0.1 + (0.9 * 2) / 3)
    expect(substringShare(stats, 'zqxjv')).toBe(0)
    expect(substringShare({ common: stats.common, histogram: [], histogramShare: 0 }, 'erp')).toBeCloseTo(0.1)
  })
  it('is unknown without statistics (a table never analyzed), and the planner decides', () => {
    expect(substringShare({ common: [], histogram: [], histogramShare: 1 }, 'öztürk')).toBeUndefined()
  })
})

describe('short searches', () => {
  it('tells a substring search from a word-start one', () => {
    expect(searchMode('erp')).toBe('substring')
    expect(searchMode('x@')).toBe('wordStart')
    expect(searchMode('ö')).toBe('wordStart')
    expect(searchMode('a.b')).toBe('wordStart')
    expect(searchMode('ay')).toBe('wordStart')
  })

  it('match the start of any word of the name or address, whatever the case and Turkish letters', async () => {
    expect(await names('ay')).toEqual(['Ayşe Yılmaz'])
    expect(await names('Y')).toEqual(['Ayşe Yılmaz'])
    expect(await names('ö')).toEqual(['Öykü Demir'])
    expect(await names('Öy')).toEqual(['Öykü Demir'])
    expect(await names('iş')).toEqual(['İlker Işık'])
    expect(await names('il')).toEqual(['İlker Işık'])
    expect(await names('ex')).toEqual(['Ayşe Yılmaz', 'Daniel Hughes', 'Öykü Demir'])
  })

  it('match the start of an address, punctuation included, and never inside the message', async () => {
    expect(await names('x@')).toEqual(['İlker Işık'])
    expect(await names('x@f')).toEqual(['İlker Işık'])
    // "Ay sonunda…" and "x@y" are inside messages: a short search does not look there.
    expect(await names('zq')).toEqual([])
    expect(await names('%')).toEqual([])
    expect(await names('_')).toEqual([])
  })

  it('use the word-start and prefix indexes, not a scan of the table', async () => {
    await instance.db.exec('set enable_seqscan = off')
    try {
      for (const term of ['ay', 'x@', 'ö']) {
        const { where, params } = messageFilter({ status: 'all', search: term })
        const { rows } = await instance.db.query<{ 'QUERY PLAN': string }>(
          `explain select id from public.contact_messages where ${where}`,
          params,
        )
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n')
        expect(plan, term).not.toContain('Seq Scan')
        expect(plan, term).toMatch(/contact_messages_(word_starts|name_prefix|email_prefix)_idx/)
      }
    } finally {
      await instance.db.exec('reset enable_seqscan')
    }
  })
})

describe('a word start most messages have', () => {
  let common: EmbeddedInstance
  let commonDir: string
  const HOUR_MS = 60 * 60 * 1000
  // 45 of 60 addresses at example.com ('ex' in 75 % of the messages), arriving an hour apart.
  const seeds = Array.from({ length: 60 }, (_, i) =>
    makeContactMessage({
      name: `Kişi ${i}`,
      email: i % 4 === 3 ? `kisi${i}@firma.com.tr` : `kisi${i}@example.com`,
      message: 'Merhaba, bir teklif rica ediyoruz.',
      createdAt: new Date(Date.UTC(2026, 10, 1) + i * HOUR_MS),
    }),
  )

  beforeAll(async () => {
    commonDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pusula-common-start-'))
    common = await openEmbedded({ dataDir: commonDir, secureCookies: false, logEmails: false, inMemory: true })
    await common.db.exec('delete from public.contact_messages')
    await insertContactMessages(common.db, seeds)
    await common.db.exec('analyze public.contact_messages')
  })

  afterAll(async () => {
    await common?.backend.close()
    await fs.rm(commonDir, { recursive: true, force: true })
  })

  it('is counted by walking the newest messages (decision 171), with the same exact total and pages', async () => {
    // The statistics the store reads to choose the walk: 'ex' is in half the messages or more.
    const { rows } = await common.db.query<{ share: number }>(
      `select e.share from pg_stats s, unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as e(start, share)
       where s.tablename = 'contact_messages' and s.attname = 'search_word_starts' and e.start = 'ex'`,
    )
    expect(Number(rows[0]?.share)).toBeGreaterThanOrEqual(0.5)

    const expected = seeds
      .filter((s) => s.email.endsWith('@example.com'))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((s) => s.name)
    const first = await common.backend.messages.list({ status: 'all', search: 'ex', page: 1, pageSize: 20 })
    const last = await common.backend.messages.list({ status: 'all', search: 'Ex', page: 3, pageSize: 20 })
    expect(first.total).toBe(45)
    expect(first.totalExact).toBe(true)
    expect(first.items.map((m) => m.name)).toEqual(expected.slice(0, 20))
    expect(last.items.map((m) => m.name)).toEqual(expected.slice(40))
    // A rarer start on the same table still goes through its index, with its own exact total.
    const rare = await common.backend.messages.list({ status: 'all', search: 'fi', page: 1, pageSize: 20 })
    expect(rare.total).toBe(15)
  })
})
