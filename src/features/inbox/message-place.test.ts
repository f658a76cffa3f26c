import { describe, expect, it } from 'vitest'
import { placeOf, placeOfFilter } from './message-place'

describe('placeOf', () => {
  it('puts a trashed message in the trash whatever its status, spam in spam, the rest in the inbox', () => {
    expect(placeOf({ status: 'spam', deletedAt: '2026-11-27T04:00:00.000Z' })).toBe('trash')
    expect(placeOf({ status: 'read', deletedAt: '2026-11-27T04:00:00.000Z' })).toBe('trash')
    expect(placeOf({ status: 'spam', deletedAt: null })).toBe('spam')
    for (const status of ['new', 'read', 'archived'] as const) expect(placeOf({ status, deletedAt: null })).toBe('inbox')
  })

  it('maps each filter to the place it lists', () => {
    expect(['all', 'new', 'read', 'archived', 'spam', 'trash'].map((s) => placeOfFilter(s as never))).toEqual([
      'inbox',
      'inbox',
      'inbox',
      'inbox',
      'spam',
      'trash',
    ])
  })
})
