import { describe, expect, it } from 'vitest'
import { dateRangeOf, isDay, quickRange, rangeBounds, startOfDayIn, todayIn } from './date-range'

describe('the inbox date range', () => {
  it('takes real calendar days only', () => {
    expect(isDay('2026-12-07')).toBe(true)
    expect(isDay('2028-02-29')).toBe(true)
    for (const bad of ['2026-02-29', '2026-13-01', '2026-12-32', '26-12-07', '2026-1-7', '1999-12-31', '2026-12-07T00:00', ''])
      expect(isDay(bad), bad).toBe(false)
  })

  it('says why a range cannot be used, and then filters nothing', () => {
    expect(dateRangeOf({ from: '2026-12-01', to: '2026-12-07' })).toEqual({ range: { from: '2026-12-01', to: '2026-12-07' } })
    expect(dateRangeOf({ from: '2026-12-01' })).toEqual({ range: { from: '2026-12-01' } })
    expect(dateRangeOf({ to: '2026-12-07' })).toEqual({ range: { to: '2026-12-07' } })
    expect(dateRangeOf({ from: '2026-12-08', to: '2026-12-07' })).toEqual({ range: {}, problem: 'reversed' })
    expect(dateRangeOf({ from: 'dün', to: '2026-12-07' })).toEqual({ range: {}, problem: 'invalid' })
    expect(dateRangeOf({})).toEqual({ range: {} })
  })

  it('bounds Istanbul days, both inclusive, in UTC instants', () => {
    expect(rangeBounds({ from: '2026-12-01', to: '2026-12-07' })).toEqual({
      since: new Date('2026-11-30T21:00:00.000Z'),
      before: new Date('2026-12-07T21:00:00.000Z'),
    })
    // Summer time (2015): +3, winter +2.
    expect(startOfDayIn('2015-07-01')).toEqual(new Date('2015-06-30T21:00:00.000Z'))
    expect(startOfDayIn('2015-01-01')).toEqual(new Date('2014-12-31T22:00:00.000Z'))
  })

  it('gives the quick choices from Istanbul’s today', () => {
    // 22:30 UTC on 31 December is already 1 January in Istanbul.
    const now = new Date('2026-12-31T22:30:00.000Z')
    expect(todayIn(now)).toBe('2027-01-01')
    expect(quickRange('today', now)).toEqual({ from: '2027-01-01', to: '2027-01-01' })
    expect(quickRange('last7', now)).toEqual({ from: '2026-12-26', to: '2027-01-01' })
    expect(quickRange('month', now)).toEqual({ from: '2027-01-01', to: '2027-01-31' })
    expect(quickRange('month', new Date('2028-02-10T12:00:00Z'))).toEqual({ from: '2028-02-01', to: '2028-02-29' })
  })
})
