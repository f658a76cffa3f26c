import { describe, expect, it } from 'vitest'
import { stepCursor } from './use-row-cursor'

describe('stepCursor', () => {
  it('starts at the top on j and at the bottom on k', () => {
    expect(stepCursor(null, 1, 3)).toBe(0)
    expect(stepCursor(null, -1, 3)).toBe(2)
  })

  it('moves one row and stops at either end', () => {
    expect(stepCursor(0, 1, 3)).toBe(1)
    expect(stepCursor(2, 1, 3)).toBe(2)
    expect(stepCursor(1, -1, 3)).toBe(0)
    expect(stepCursor(0, -1, 3)).toBe(0)
  })

  it('comes back inside a list that got shorter', () => {
    expect(stepCursor(9, -1, 3)).toBe(2)
    expect(stepCursor(9, 1, 3)).toBe(2)
  })

  it('has nowhere to go on an empty page', () => {
    expect(stepCursor(null, 1, 0)).toBeNull()
    expect(stepCursor(1, -1, 0)).toBeNull()
  })
})
