import { describe, expect, it } from 'vitest'
import { waitedFor } from './reply-state'

const now = new Date('2026-12-07T12:00:00Z')

describe('waitedFor', () => {
  it('says how long a lead has waited, in each language', () => {
    expect(waitedFor('2026-12-04T12:00:00Z', 'tr', now)).toBe('3 gündür')
    expect(waitedFor('2026-12-04T12:00:00Z', 'en', now)).toBe('3 days')
    expect(waitedFor('2026-12-07T07:00:00Z', 'tr', now)).toBe('5 saattir')
    expect(waitedFor('2026-12-07T11:58:00Z', 'tr', now)).toBe('2 dakikadır')
    expect(waitedFor('2026-10-01T12:00:00Z', 'tr', now)).toBe('2 aydır')
    expect(waitedFor('2026-12-07T11:00:00Z', 'en', now)).toBe('1 hour')
  })

  it('never counts into the future when the clocks differ', () => {
    expect(waitedFor('2026-12-07T12:05:00Z', 'en', now)).toBe('0 seconds')
  })
})
