import { describe, expect, it } from 'vitest'
import { createViewQueue, type QueuedView } from './view-queue.server'

interface Row extends QueuedView {
  n: number
}

function queueWith(options: { fail?: () => boolean; maxRows?: number } = {}) {
  const stored: Row[] = []
  const inserts: number[] = []
  const errors: unknown[] = []
  const queue = createViewQueue<Row>({
    insert: async (rows) => {
      await new Promise((resolve) => setTimeout(resolve, 1))
      if (options.fail?.()) throw new Error('database down')
      inserts.push(rows.length)
      stored.push(...rows)
    },
    maxRows: options.maxRows ?? 1000,
    batchRows: 100,
    // Long: a test's views are stored by the batch size, flush() or close(), never by the timer.
    intervalMs: 60_000,
    onError: (error) => errors.push(error),
  })
  return { queue, stored, inserts, errors }
}

const row = (n: number): Row => ({ id: `view-${n}`, n, seconds: null })

describe('the page-view queue', () => {
  it('stores every accepted view once, in batches, the rest on close', async () => {
    const { queue, stored, inserts } = queueWith()
    for (let n = 0; n < 250; n++) expect(queue.add(row(n))).toBe(true)
    expect(queue.add(row(3))).toBe(true)
    await queue.settled()
    // A full batch starts the INSERTs, at most batchRows each, of everything waiting by then.
    expect(inserts).toEqual([100, 100, 50])
    // Fewer than a batch wait for the timer, or the shutdown.
    for (let n = 250; n < 280; n++) queue.add(row(n))
    await queue.settled()
    expect(stored).toHaveLength(250)
    await queue.close()
    expect(stored.map((r) => r.n)).toEqual(Array.from({ length: 280 }, (_, n) => n))
    expect(queue.add(row(999))).toBe(false)
  })

  it('changes a waiting view before it is stored', async () => {
    const { queue, stored } = queueWith()
    queue.add(row(1))
    queue.waiting('view-1')!.seconds = 42
    await queue.flush()
    expect(stored).toEqual([{ id: 'view-1', n: 1, seconds: 42 }])
    expect(queue.waiting('view-1')).toBeUndefined()
  })

  it('refuses views when full, and keeps accepted ones through a failed INSERT', async () => {
    let down = true
    const { queue, stored, errors } = queueWith({ fail: () => down, maxRows: 150 })
    for (let n = 0; n < 99; n++) queue.add(row(n))
    await queue.flush()
    expect(errors).toHaveLength(1)
    expect(queue.size()).toBe(99)
    for (let n = 99; n < 150; n++) expect(queue.add(row(n))).toBe(true)
    expect(queue.add(row(150))).toBe(false)
    down = false
    await queue.close()
    expect(stored.map((r) => r.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 150 }, (_, n) => n))
  })
})
