import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LIMITS } from './limits'
import { batchedDestination, createLogger, writePendingLines } from './log.server'

/** A destination that records each write it is given, as sonic-boom would receive them. */
function target() {
  const writes: string[] = []
  return { writes, write: (chunk: string) => writes.push(chunk), flushSync() {} }
}

describe('the log destination', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('writes the lines of a burst together once the batch time has passed, not one write each', () => {
    const sink = target()
    const logger = createLogger({ format: 'json', level: 'info' }, batchedDestination(sink))
    for (let i = 0; i < 20; i++) logger.info({ n: i }, 'request')
    expect(sink.writes).toEqual([])
    vi.advanceTimersByTime(LIMITS.ops.logBatchMs - 1)
    expect(sink.writes).toEqual([])
    vi.advanceTimersByTime(1)
    expect(sink.writes).toHaveLength(1)
    const lines = (sink.writes[0] ?? '')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
    expect(lines.map((line) => line.n)).toEqual([...Array(20).keys()])
    // Nothing is written again until another line comes.
    vi.advanceTimersByTime(10 * LIMITS.ops.logBatchMs)
    expect(sink.writes).toHaveLength(1)
  })

  it('writes at once when a batch reaches its size, and keeps the lines in order', () => {
    const sink = target()
    const destination = batchedDestination(sink, { batchMs: 1_000, batchChars: 100 })
    destination.write(`${'a'.repeat(60)}\n`)
    destination.write(`${'b'.repeat(60)}\n`)
    expect(sink.writes).toEqual([`${'a'.repeat(60)}\n${'b'.repeat(60)}\n`])
    destination.write('c\n')
    vi.advanceTimersByTime(1_000)
    expect(sink.writes.join('')).toBe(`${'a'.repeat(60)}\n${'b'.repeat(60)}\nc\n`)
  })

  it('writes what is waiting when the process exits, and flushes it synchronously', () => {
    const sink = target()
    const flushSync = vi.spyOn(sink, 'flushSync')
    const destination = batchedDestination(sink)
    destination.write('last words\n')
    writePendingLines()
    expect(sink.writes).toEqual(['last words\n'])
    expect(flushSync).toHaveBeenCalled()
  })
})
