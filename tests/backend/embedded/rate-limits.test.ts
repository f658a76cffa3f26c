import fs from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDataDir, openTestBackend, type TestBackend } from '../embedded-harness'

let t: TestBackend
beforeAll(async () => {
  t = await openTestBackend()
})
afterAll(async () => {
  await t.dispose()
})

const rows = async (key?: string) =>
  (
    await t.db.query<{ n: number }>('select count(*)::int as n from public.rate_limit_hits where $1::text is null or key = $1', [
      key ?? null,
    ])
  ).rows[0]!.n

describe('embedded rate limits (public.rate_limit_hits)', () => {
  it('keeps at most max rows per key, however often it is hit', async () => {
    const limit = { max: 3, windowSeconds: 60 }
    for (let i = 0; i < 10; i++) await t.backend.rateLimits.hit('busy', limit)
    expect(await rows('busy')).toBe(3)
  })

  it('prunes other keys’ expired rows as new hits arrive, so the table stays small', async () => {
    // Hits that expired long ago, as a quiet day of one-off visitors leaves them.
    await t.db.query(`
      insert into public.rate_limit_hits (key, hit_at, expires_at)
      select 'old:' || n, now() - interval '2 hours', now() - interval '1 hour' from generate_series(1, 250) n`)
    expect(await rows()).toBe(253)
    // Each allowed hit removes up to 100 expired rows.
    for (const n of [1, 2, 3]) await t.backend.rateLimits.hit(`fresh:${n}`, { max: 1, windowSeconds: 60 })
    expect(await rows()).toBe(3 + 3)
  })

  it('counts in the database time, whatever the adapter clock says', async () => {
    const limit = { max: 1, windowSeconds: 60 }
    expect(await t.backend.rateLimits.hit('clock', limit)).toBe(0)
    t.clock.advance(3600)
    expect(await t.backend.rateLimits.hit('clock', limit)).toBeGreaterThan(0)
  })
})

describe('persistence', () => {
  it('keeps the counts across a restart', async () => {
    const dataDir = await makeTempDataDir()
    const limit = { max: 2, windowSeconds: 600 }
    try {
      const first = await openTestBackend({ dataDir, inMemory: false })
      expect([
        await first.backend.rateLimits.hit('contactPerIp:198.51.100.1', limit),
        await first.backend.rateLimits.hit('contactPerIp:198.51.100.1', limit),
      ]).toEqual([0, 0])
      await first.backend.close()
      const second = await openTestBackend({ dataDir, inMemory: false })
      try {
        expect(await second.backend.rateLimits.hit('contactPerIp:198.51.100.1', limit)).toBeGreaterThan(590)
      } finally {
        await second.backend.close()
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true })
    }
  })
})
