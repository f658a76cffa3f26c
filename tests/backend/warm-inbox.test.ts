import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EmbeddedInstance, openEmbedded } from '~/backend/embedded/open-embedded.server'
import { type MessageQuery, searchMode } from '~/domain/messages'
import { WORD_START } from '~/backend/sql/message-rows.server'
import { WARM_SEARCHES, warmInbox } from '~/features/inbox/warm-inbox.server'
import { startWarmUp } from '~/features/ops/warm-up.server'
import { LIMITS } from '~/lib/limits'

let instance: EmbeddedInstance
let dataDir: string

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pusula-warm-inbox-'))
  instance = await openEmbedded({ dataDir, secureCookies: false, logEmails: false, inMemory: true })
})

afterAll(async () => {
  await instance?.backend.close()
  await fs.rm(dataDir, { recursive: true, force: true })
})

describe('warming the inbox at start', () => {
  it('asks for one list of every kind the inbox makes', () => {
    const kinds = new Set(
      WARM_SEARCHES.map((q) =>
        q === '' ? 'none' : searchMode(q) === 'substring' ? 'substring' : WORD_START.test(q) ? `start ${q.length}` : 'prefix',
      ),
    )
    expect([...kinds].sort()).toEqual(['none', 'prefix', 'start 1', 'start 2', 'substring'])
  })

  it('runs them and changes nothing', async () => {
    const before = await instance.db.query<{ rows: string }>(
      `select (select count(*) from public.contact_messages)::text || '/' ||
              (select count(*) from public.mail_queue)::text as rows`,
    )
    const ms = await warmInbox(instance.backend.messages)
    expect(ms).toBeGreaterThan(0)
    const after = await instance.db.query<{ rows: string }>(
      `select (select count(*) from public.contact_messages)::text || '/' ||
              (select count(*) from public.mail_queue)::text as rows`,
    )
    expect(after.rows[0]!.rows).toBe(before.rows[0]!.rows)
  })

  it('asks for the team’s lists too: the unassigned leads and this month', async () => {
    const asked: MessageQuery[] = []
    await warmInbox(
      {
        list: async (query) => {
          asked.push(query)
          return { items: [], total: 0, totalExact: true, unread: 0, page: 1, pageSize: query.pageSize }
        },
      },
      new Date('2026-12-31T22:30:00Z'),
    )
    expect(asked.filter((q) => q.owner || q.from).map(({ owner, from, to }) => ({ owner, from, to }))).toEqual([
      { owner: { kind: 'none' }, from: undefined, to: undefined },
      // 01:30 on 1 January in Istanbul.
      { owner: undefined, from: '2027-01-01', to: '2027-01-31' },
    ])
  })

  it('asks for each member’s own list, up to the limit', async () => {
    const owners = Array.from({ length: LIMITS.inbox.warmOwners + 3 }, (_, i) => `m${i}@example.com`)
    const asked: string[] = []
    await warmInbox(
      {
        list: async (query) => {
          if (query.owner?.kind === 'email') asked.push(query.owner.email)
          return { items: [], total: 0, totalExact: true, unread: 0, page: 1, pageSize: query.pageSize }
        },
      },
      new Date(),
      owners,
    )
    expect(asked).toEqual(owners.slice(0, LIMITS.inbox.warmOwners))
  })

  it('tells readiness and the retention pass when the start’s warm-up has ended', async () => {
    startWarmUp.begin()
    expect(startWarmUp.ended()).toBe(false)
    let waited = false
    const waiting = startWarmUp.whenEnded().then(() => {
      waited = true
    })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(waited).toBe(false)
    startWarmUp.end()
    await waiting
    expect(startWarmUp.ended()).toBe(true)
  })

  it('reports a failure instead of hiding it', async () => {
    await expect(warmInbox({ list: () => Promise.reject(new Error('closed')) })).rejects.toThrow('closed')
  })
})
