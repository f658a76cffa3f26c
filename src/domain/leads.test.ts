import { describe, expect, it } from 'vitest'
import { mentionedIn, noteDeletable, staffLabel } from './leads'

const TEAM = [
  { email: 'ayse@pusula.com.tr', name: 'Ayşe' },
  { email: 'ayse.yilmaz@pusula.com.tr', name: 'Ayşe Yılmaz' },
  { email: 'deniz@pusula.com.tr', name: null },
]

describe('mentions', () => {
  it('finds a colleague by name (longest first, any case) or by address', () => {
    expect(mentionedIn('@AYŞE YILMAZ bakar mısın?', TEAM)).toEqual(['ayse.yilmaz@pusula.com.tr'])
    expect(mentionedIn('@ayşe, bu senin.', TEAM)).toEqual(['ayse@pusula.com.tr'])
    expect(mentionedIn('cc @deniz@pusula.com.tr.', TEAM)).toEqual(['deniz@pusula.com.tr'])
    expect(mentionedIn('@Ayşe ve (@deniz@pusula.com.tr)', TEAM).sort()).toEqual(['ayse@pusula.com.tr', 'deniz@pusula.com.tr'])
  })

  it('ignores an @ inside a word, a longer word and unknown names', () => {
    expect(mentionedIn('mail me at x@ayşe or @ayşegül or @nobody', TEAM)).toEqual([])
  })
})

describe('notes and names', () => {
  it('lets only the author delete, for ten minutes', () => {
    const note = { authorEmail: 'ayse@pusula.com.tr', createdAt: '2026-12-07T10:00:00.000Z' }
    expect(noteDeletable(note, 'Ayse@pusula.com.tr', new Date('2026-12-07T10:09:59Z'))).toBe(true)
    expect(noteDeletable(note, 'ayse@pusula.com.tr', new Date('2026-12-07T10:10:00Z'))).toBe(false)
    expect(noteDeletable(note, 'deniz@pusula.com.tr', new Date('2026-12-07T10:01:00Z'))).toBe(false)
  })

  it('shows the name, or the address where none is set', () => {
    expect(staffLabel(TEAM[0], 'ayse@pusula.com.tr')).toBe('Ayşe')
    expect(staffLabel(TEAM[2], 'deniz@pusula.com.tr')).toBe('deniz@pusula.com.tr')
    expect(staffLabel(undefined, 'gone@pusula.com.tr')).toBe('gone@pusula.com.tr')
  })
})
