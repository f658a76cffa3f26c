import { describe, expect, it } from 'vitest'
import type { ContactMessage, MessageQuery } from '~/domain/messages'
import type { MessageStore } from '~/backend/backend'
import { CSV_BOM } from './csv'
import { collectMessages, exportMessagesFile } from './export-messages.server'

function fakeStore(count: number): MessageStore & { calls: MessageQuery[] } {
  const all: ContactMessage[] = Array.from({ length: count }, (_, i) => ({
    id: `id-${i}`,
    name: i === 0 ? 'Şule Öz' : `Person ${i}`,
    email: `p${i}@example.com`,
    message: i === 0 ? '=cmd|" /C calc"!A0' : `Message number ${i}`,
    status: i % 2 === 0 ? 'new' : 'read',
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0) - i * 60_000).toISOString(),
    readAt: i % 2 === 0 ? null : '2026-01-02T09:30:00.000Z',
    ipAddress: i % 3 === 0 ? null : '203.0.113.7',
    deletedAt: null,
    ownerEmail: null,
  }))
  const calls: MessageQuery[] = []
  return {
    calls,
    async list(query) {
      calls.push(query)
      const start = (query.page - 1) * query.pageSize
      return {
        items: all.slice(start, start + query.pageSize),
        total: all.length,
        totalExact: true,
        unread: 0,
        page: query.page,
        pageSize: query.pageSize,
      }
    },
    create: async () => ({ id: '', createdAt: '' }),
    get: async () => null,
    getMany: async () => [],
    update: async () => [],
    remove: async () => 0,
    trash: async () => [],
    restore: async () => [],
    purge: async () => 0,
    emptyTrash: async () => 0,
    markSpam: async () => [],
    markNotSpam: async () => [],
  }
}

describe('collectMessages', () => {
  it('pages through the store a thousand at a time', async () => {
    const store = fakeStore(2_345)
    const { items, total } = await collectMessages(store, { status: 'all', search: 'x' })
    expect(items).toHaveLength(2_345)
    expect(total).toBe(2_345)
    expect(store.calls.map((c) => [c.page, c.pageSize, c.search])).toEqual([
      [1, 1000, 'x'],
      [2, 1000, 'x'],
      [3, 1000, 'x'],
    ])
  })

  it('stops at the export limit and reports the full total', async () => {
    const store = fakeStore(2_500)
    const { items, total } = await collectMessages(store, { status: 'all', search: '' }, 1_200)
    expect(items).toHaveLength(1_200)
    expect(total).toBe(2_500)
    expect(store.calls).toHaveLength(2)
  })
})

describe('exportMessagesFile', () => {
  it('asks the store with every filter the page shows', async () => {
    const store = fakeStore(3)
    await exportMessagesFile(store, {
      status: 'read',
      search: 'ayşe',
      from: '2026-12-01',
      to: '2026-12-07',
      timeZone: 'UTC',
      locale: 'tr',
    })
    expect(store.calls).toEqual([
      { status: 'read', search: 'ayşe', from: '2026-12-01', to: '2026-12-07', page: 1, pageSize: 1000 },
    ])
  })

  it('writes Turkish columns with ; and English ones with ,', async () => {
    const tr = await exportMessagesFile(fakeStore(2), { status: 'all', search: '', timeZone: 'Europe/Istanbul', locale: 'tr' })
    expect(tr.csv.startsWith(`${CSV_BOM}"Tarih";"İsim";"E-posta";"Durum";"Mesaj";"Okunma Tarihi";"IP Adresi";"Kaynak"\r\n`)).toBe(
      true,
    )
    expect(tr.csv).toContain(
      `"2026-01-01 15:00";"Şule Öz";"p0@example.com";"Yeni";"'=cmd|"" /C calc""!A0";"";"";"Bilinmiyor"\r\n`,
    )
    expect(tr.csv).toContain(`"Okundu";"Message number 1";"2026-01-02 12:30";"203.0.113.7";"Bilinmiyor"\r\n`)
    expect(tr.filename).toMatch(/^iletisim-mesajlari-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/)
    expect(tr).toMatchObject({ rows: 2, total: 2 })

    const en = await exportMessagesFile(fakeStore(1), { status: 'all', search: '', timeZone: 'UTC', locale: 'en' })
    expect(en.csv.startsWith(`${CSV_BOM}"Date","Name","Email","Status","Message","Read at","IP address","Source"\r\n`)).toBe(true)
    expect(en.csv).toContain('"New"')
    expect(en.filename).toMatch(/^contact-messages-/)
  })
})
