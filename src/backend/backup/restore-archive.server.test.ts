import { describe, expect, it } from 'vitest'
import { rowFields } from './restore-archive.server'

describe('rowFields (the fields of a row’s text form, as record_in reads them)', () => {
  it('tells NULL from the empty string, and unquotes what record_out quoted', () => {
    expect(rowFields('(1,,"",x)')).toEqual(['1', null, '', 'x'])
    expect(rowFields('(,)')).toEqual([null, null])
    expect(rowFields('("a, (b)","say ""hi""","back\\\\slash")')).toEqual(['a, (b)', 'say "hi"', 'back\\slash'])
    expect(rowFields('("line\nbreak\tand tab","{a,\\"b c\\"}")')).toEqual(['line\nbreak\tand tab', '{a,"b c"}'])
    expect(rowFields('(Ayşe Öztürk,"2026-01-02 03:04:05.123456+00",2001:db8::1)')).toEqual([
      'Ayşe Öztürk',
      '2026-01-02 03:04:05.123456+00',
      '2001:db8::1',
    ])
  })
})
