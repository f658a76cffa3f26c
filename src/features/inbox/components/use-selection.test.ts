import { describe, expect, it } from 'vitest'
import { withChecked } from './use-selection'

describe('withChecked', () => {
  it('ticks and unticks the given ids and leaves the others alone', () => {
    const start = new Set(['a', 'b'])
    expect([...withChecked(start, ['c', 'd'], true)]).toEqual(['a', 'b', 'c', 'd'])
    expect([...withChecked(start, ['a', 'x'], false)]).toEqual(['b'])
  })

  it('returns a new set: the old one stays as it was', () => {
    const start = new Set(['a'])
    const next = withChecked(start, ['a'], false)
    expect(next).not.toBe(start)
    expect([...start]).toEqual(['a'])
  })
})
