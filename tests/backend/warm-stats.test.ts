import { describe, expect, it } from 'vitest'
import type { StatsQuery, VisitStats } from '~/domain/visits'
import { warmStats } from '~/features/stats/warm-stats.server'

const EMPTY: VisitStats = {
  totals: { visitors: 0, views: 0, messages: 0 },
  previous: { visitors: 0, views: 0, messages: 0 },
  days: [],
  referrers: [],
  campaigns: [],
  pages: [],
  languages: [],
  devices: [],
}

describe('warming the statistics at start', () => {
  it('asks for the last twelve months, unfiltered and filtered, in Istanbul’s calendar', async () => {
    const asked: StatsQuery[] = []
    const ms = await warmStats(
      {
        stats: async (query) => {
          asked.push(query)
          return EMPTY
        },
      },
      // 01:30 on 1 January in Istanbul.
      new Date('2026-12-31T22:30:00Z'),
    )
    expect(ms).toBeGreaterThan(0)
    expect(asked.map(({ range, previous, filter }) => ({ range, previous, filter }))).toEqual([
      { range: { from: '2026-01-02', to: '2027-01-01' }, previous: { from: '2025-01-02', to: '2026-01-01' }, filter: {} },
      {
        range: { from: '2026-01-02', to: '2027-01-01' },
        previous: { from: '2025-01-02', to: '2026-01-01' },
        filter: { device: 'phone' },
      },
    ])
  })

  it('reports a failure instead of hiding it', async () => {
    await expect(warmStats({ stats: () => Promise.reject(new Error('closed')) })).rejects.toThrow('closed')
  })
})
