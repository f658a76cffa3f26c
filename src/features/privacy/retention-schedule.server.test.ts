import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PrivacyService } from '~/backend/backend'
import type { RetentionPolicy, RetentionRun } from '~/domain/privacy'
import { LIMITS } from '~/lib/limits'
import { startRetentionSchedule } from './retention-schedule.server'

const POLICY: RetentionPolicy = { messageDays: 730, ipDays: 90, trashDays: 30, spamDays: 30, recordYears: 3 }
const DAY = LIMITS.retention.runEveryHours * 3600 * 1000
const RETRY = LIMITS.retention.retryMinutes * 60 * 1000
const DONE: RetentionRun = { ran: true, records: [{ at: '', category: 'messages', method: 'deletion', count: 3 }] }

function fakePrivacy(run: PrivacyService['runRetention']): PrivacyService {
  return { runRetention: run, records: vi.fn(), exportData: vi.fn(), erase: vi.fn() }
}

function schedule(outcomes: (RetentionRun | Error | Promise<RetentionRun>)[]) {
  const runs: RetentionPolicy[] = []
  const lines: string[] = []
  const run = vi.fn(async (policy: RetentionPolicy) => {
    runs.push(policy)
    const outcome = outcomes[runs.length - 1] ?? { ran: true, records: [] }
    if (outcome instanceof Error) throw outcome
    return outcome
  })
  const stop = startRetentionSchedule(async () => fakePrivacy(run), POLICY, {
    info: (line) => lines.push(line),
    error: (line) => lines.push(`error: ${line}`),
  })
  return { runs, lines, stop }
}

describe('startRetentionSchedule', () => {
  afterEach(() => vi.useRealTimers())

  it('runs at start, then every runEveryHours, with the policy it was given', async () => {
    vi.useFakeTimers()
    const { runs, lines, stop } = schedule([DONE])
    await vi.advanceTimersByTimeAsync(0)
    expect(runs).toEqual([POLICY])
    await vi.advanceTimersByTimeAsync(DAY - 1)
    expect(runs).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await vi.advanceTimersByTimeAsync(DAY)
    expect(runs).toHaveLength(3)
    expect(lines).toEqual(['[retention] messages 3 (deletion)', '[retention] nothing was due', '[retention] nothing was due'])
    stop()
    await vi.advanceTimersByTimeAsync(DAY * 2)
    expect(runs).toHaveLength(3)
  })

  it('tries a failed or skipped pass again retryMinutes later, until one runs, then waits for the next day', async () => {
    vi.useFakeTimers()
    const { runs, lines, stop } = schedule([new Error('database unreachable'), { ran: false, records: [] }, DONE])
    await vi.advanceTimersByTimeAsync(0)
    await vi.advanceTimersByTimeAsync(RETRY - 1)
    expect(runs).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(runs).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(RETRY)
    expect(runs).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(DAY - 2 * RETRY - 1)
    expect(runs).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(1)
    expect(runs).toHaveLength(4)
    expect(lines).toEqual([
      `error: [retention] the pass failed; tried again in ${LIMITS.retention.retryMinutes} minutes:`,
      `[retention] another pass is under way; tried again in ${LIMITS.retention.retryMinutes} minutes`,
      '[retention] messages 3 (deletion)',
      '[retention] nothing was due',
    ])
    stop()
  })

  it('does not start a second pass while one lasting past the interval is under way', async () => {
    vi.useFakeTimers()
    let finish: (run: RetentionRun) => void = () => {}
    const { runs, stop } = schedule([new Promise<RetentionRun>((resolve) => (finish = resolve))])
    await vi.advanceTimersByTimeAsync(DAY * 2)
    expect(runs).toHaveLength(1)
    finish(DONE)
    await vi.advanceTimersByTimeAsync(DAY)
    expect(runs).toHaveLength(2)
    stop()
  })
})
