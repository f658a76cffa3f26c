import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PrivacyService } from '~/backend/backend'
import type { RetentionPolicy } from '~/domain/privacy'
import { LIMITS } from '~/lib/limits'
import { startRetentionSchedule } from './retention-schedule.server'

const POLICY: RetentionPolicy = { messageDays: 730, ipDays: 90, trashDays: 30, spamDays: 30, recordYears: 3 }

function fakePrivacy(run: PrivacyService['runRetention']): PrivacyService {
  return { runRetention: run, records: vi.fn(), exportData: vi.fn(), erase: vi.fn() }
}

describe('startRetentionSchedule', () => {
  afterEach(() => vi.useRealTimers())

  it('runs at start, then every runEveryHours, with the policy it was given; a failed run does not stop the next', async () => {
    vi.useFakeTimers()
    const runs: RetentionPolicy[] = []
    const lines: string[] = []
    const run = vi.fn(async (policy: RetentionPolicy) => {
      runs.push(policy)
      if (runs.length === 2) throw new Error('database unreachable')
      return runs.length === 1
        ? { ran: true, records: [{ at: '', category: 'messages' as const, method: 'deletion' as const, count: 3 }] }
        : { ran: false, records: [] }
    })
    const stop = startRetentionSchedule(async () => fakePrivacy(run), POLICY, {
      info: (line) => lines.push(line),
      error: (line) => lines.push(`error: ${line}`),
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(runs).toEqual([POLICY])
    const day = LIMITS.retention.runEveryHours * 3600 * 1000
    await vi.advanceTimersByTimeAsync(day - 1)
    expect(runs).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await vi.advanceTimersByTimeAsync(day)
    expect(runs).toHaveLength(3)
    expect(lines).toEqual([
      '[retention] messages 3 (deletion)',
      'error: [retention] the run failed; the next one tries again:',
      '[retention] another instance is running the job; skipped here',
    ])
    stop()
    await vi.advanceTimersByTimeAsync(day * 2)
    expect(runs).toHaveLength(3)
  })
})
