import { describe, expect, it } from 'vitest'
import type { BackendStatus, StatusReading } from '~/backend/backend'
import { LIMITS } from '~/lib/limits'
import { createReader, readinessOf } from './readiness.server'
import type { SnapshotStatus } from './snapshot-status.server'

const NOW = new Date('2026-11-27T04:00:00Z')
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000)

function reading(patch: Partial<StatusReading> = {}): StatusReading {
  return {
    pendingMigrations: 0,
    mail: { queued: 0, oldestQueuedAt: null, oldestDueAt: null },
    messages: { new: 3, read: 1, archived: 0 },
    now: NOW,
    ...patch,
  }
}

const OFF: SnapshotStatus = { enabled: false, newestAt: null, intervalHours: 0 }
const status = (read: () => Promise<StatusReading>): BackendStatus => ({ read, pool: () => null })

describe('readiness', () => {
  it('is ready with the database answering, every migration applied, mail moving and snapshots off', () => {
    const result = readinessOf({ reading: reading(), snapshots: OFF, databaseMs: 4, databaseError: null }, NOW)
    expect(result).toEqual({
      ok: true,
      checks: {
        database: { ok: true, ms: 4 },
        migrations: { ok: true, pending: 0 },
        mail: { ok: true, oldestDueSeconds: 0, queued: 0 },
        snapshots: { ok: true, enabled: false },
      },
    })
  })

  it('fails on a pending migration, on a mail due for 15 minutes, on a snapshot two intervals old', () => {
    const check = (r: StatusReading, snapshots: SnapshotStatus = OFF) =>
      readinessOf({ reading: r, snapshots, databaseMs: 1, databaseError: null }, NOW)
    expect(check(reading({ pendingMigrations: 1 })).checks.migrations).toEqual({ ok: false, pending: 1 })
    const due = (seconds: number) =>
      reading({ mail: { queued: 2, oldestQueuedAt: ago(seconds + 60), oldestDueAt: ago(seconds) } })
    expect(check(due(LIMITS.ops.mailDueMaxSeconds - 1)).ok).toBe(true)
    expect(check(due(LIMITS.ops.mailDueMaxSeconds)).checks.mail).toEqual({ ok: false, oldestDueSeconds: 900, queued: 2 })
    const daily = (hoursAgo: number | null): SnapshotStatus => ({
      enabled: true,
      intervalHours: 24,
      newestAt: hoursAgo === null ? null : ago(hoursAgo * 3600),
    })
    expect(check(reading(), daily(47)).ok).toBe(true)
    expect(check(reading(), daily(48)).checks.snapshots).toMatchObject({ ok: false, ageSeconds: 48 * 3600 })
    expect(check(reading(), daily(null)).ok).toBe(false)
    // No snapshot yet: late only two intervals after this process started taking them.
    const fresh = (startedHoursAgo: number): SnapshotStatus => ({ ...daily(null), startedAt: ago(startedHoursAgo * 3600) })
    expect(check(reading(), fresh(0.01)).checks.snapshots).toMatchObject({ ok: true, ageSeconds: null })
    expect(check(reading(), fresh(48)).checks.snapshots).toMatchObject({ ok: false, ageSeconds: null })
  })

  it('fails within the timeout when the database does not answer, with one query under way for every probe', async () => {
    let queries = 0
    const read = createReader({
      status: async () =>
        status(() => {
          queries += 1
          return new Promise<StatusReading>(() => {})
        }),
      snapshots: async () => OFF,
    })
    const started = Date.now()
    const results = await Promise.all([read(), read(), read()])
    expect(Date.now() - started).toBeLessThan(LIMITS.ops.readyTimeoutMs + 500)
    expect(queries).toBe(1)
    for (const result of results) {
      expect(readinessOf(result, NOW).checks.database).toMatchObject({ ok: false, error: 'timeout' })
      expect(readinessOf(result, NOW).ok).toBe(false)
    }
  })

  it('is not ready while the start warms the inbox, and ready once it has ended', async () => {
    let warmed = false
    const read = createReader({
      status: async () => status(async () => reading()),
      snapshots: async () => OFF,
      warmedUp: () => warmed,
    })
    const during = readinessOf(await read(), NOW)
    expect(during.ok).toBe(false)
    expect(during.checks.warmUp).toEqual({ ok: false })
    warmed = true
    const after = readinessOf(await read(), NOW)
    expect(after.ok).toBe(true)
    expect(after.checks.warmUp).toEqual({ ok: true })
  })

  it('names a refused connection by its code, never its message', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432 user=secret'), { code: 'ECONNREFUSED' })
    const read = createReader({ status: async () => Promise.reject(refused), snapshots: async () => OFF })
    const result = readinessOf(await read(), NOW)
    expect(result.checks.database).toMatchObject({ ok: false, error: 'ECONNREFUSED' })
    expect(JSON.stringify(result)).not.toContain('10.0.0.5')
  })
})
