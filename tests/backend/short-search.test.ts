/**
 * Searches too short for a trigram match word starts in the name or e-mail address (decision
 * 077), through the indexes of the short-search migration, on the embedded mode's PGlite.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchMode } from '~/domain/messages'
import { type EmbeddedInstance, openEmbedded } from '~/backend/embedded/index.server'
import { makeContactMessage } from '~/backend/seed-messages'
import { messageFilter } from '~/backend/sql/message-rows.server'
import { insertContactMessages } from '~/backend/sql/messages.server'

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
