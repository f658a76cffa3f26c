import { describe, expect, it } from 'vitest'
import { CSV_BOM, csvField, encodeCsv, formatCsvDate } from './csv'

describe('csvField', () => {
  it('quotes every field and doubles quotes inside', () => {
    expect(csvField('plain')).toBe('"plain"')
    expect(csvField('say "hi", then; go')).toBe('"say ""hi"", then; go"')
    expect(csvField('line one\r\nline two')).toBe('"line one\r\nline two"')
    expect(csvField(null)).toBe('""')
    expect(csvField(42)).toBe('"42"')
  })

  it.each(['=1+1', '+90 555', '-2', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://evil","x")'])(
    'defuses a formula in %j',
    (value) => {
      expect(csvField(value).startsWith(`"'`)).toBe(true)
    },
  )

  it('leaves text that merely contains formula characters alone', () => {
    expect(csvField('a=b')).toBe('"a=b"')
    expect(csvField('ayse@example.com')).toBe('"ayse@example.com"')
  })
})

describe('encodeCsv', () => {
  it('starts with a BOM, ends every line with CRLF and keeps Turkish letters', () => {
    const csv = encodeCsv(
      [
        ['İsim', 'Mesaj'],
        ['Şükrü Öğüt', 'Çok güzel ığdır'],
      ],
      ';',
    )
    expect(csv.startsWith(CSV_BOM)).toBe(true)
    expect(csv).toBe(`${CSV_BOM}"İsim";"Mesaj"\r\n"Şükrü Öğüt";"Çok güzel ığdır"\r\n`)
    const bytes = new TextEncoder().encode(csv)
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  })

  it('uses a comma by default', () => {
    expect(encodeCsv([['a', 'b']])).toBe(`${CSV_BOM}"a","b"\r\n`)
  })
})

describe('formatCsvDate', () => {
  it('writes local time in the given zone', () => {
    expect(formatCsvDate('2026-03-01T21:30:00.000Z', 'Europe/Istanbul')).toBe('2026-03-02 00:30')
    expect(formatCsvDate('2026-03-01T21:30:00.000Z', 'UTC')).toBe('2026-03-01 21:30')
    expect(formatCsvDate(null, 'UTC')).toBe('')
  })
})
