import { expect, it } from 'vitest'
import { toIsoTimestamp } from './timestamps'

it.each([
  ['2026-11-21T10:00:00.123456+00:00', '2026-11-21T10:00:00.123Z'], // PostgREST
  ['2026-11-21T10:00:00.123456+00', '2026-11-21T10:00:00.123Z'], // Realtime
  ['2026-11-21 10:00:00+00', '2026-11-21T10:00:00.000Z'], // Postgres text
  ['2026-11-21T13:00:00.5+03:00', '2026-11-21T10:00:00.500Z'],
  ['2026-11-21T10:00:00.123Z', '2026-11-21T10:00:00.123Z'],
  ['2026-11-21T10:00:00', '2026-11-21T10:00:00.000Z'], // no zone: UTC, as Supabase runs
])('normalizes %s', (input, expected) => {
  expect(toIsoTimestamp(input)).toBe(expected)
})

it('leaves what it cannot read as it is', () => {
  expect(toIsoTimestamp('yesterday')).toBe('yesterday')
})
