import { describe, expect, it } from 'vitest'
import { ActivitySearchSchema } from '~/features/activity/activity.schemas'
import { parseInboxSearch } from '~/features/inbox/inbox.search'
import { StatsSearchSchema } from '~/features/stats/stats.search'
import { parseInboxSearchWhenLoaded, staffSearchSchema } from './staff-search'

describe("the staff routes' search stand-ins", () => {
  it('say so when the real schemas were never provided', () => {
    expect(() => staffSearchSchema('activity')['~standard'].validate({})).toThrow('staff search schemas not loaded: activity')
  })

  it('answer exactly as the schemas once provided: valid, invalid and lenient params', async () => {
    await import('./staff-search-schemas')
    const activity = staffSearchSchema('activity')['~standard']
    for (const search of [{ action: 'bogus' }, { from: '2026-11-01', actor: ' a@b.c ' }, { before: 'x' }]) {
      expect(activity.validate(search)).toEqual(ActivitySearchSchema['~standard'].validate(search))
    }
    expect(activity.validate({ action: 'bogus' })).toHaveProperty('issues')
    const stats = staffSearchSchema('stats')['~standard']
    for (const search of [{ range: '7d' }, { range: 'forever', from: '2026-02-31', device: 'phone' }]) {
      expect(stats.validate(search)).toEqual(StatsSearchSchema['~standard'].validate(search))
    }
    // A URL's params, as the router hands them over (unknown until validated).
    const deepLink = { status: 'new', owner: 'me', from: '2026-11-01' } as never
    expect(parseInboxSearchWhenLoaded(deepLink)).toEqual(parseInboxSearch(deepLink))
    expect(parseInboxSearchWhenLoaded(deepLink)).toMatchObject({ status: 'new', owner: 'me', from: '2026-11-01', page: 1 })
  })
})
