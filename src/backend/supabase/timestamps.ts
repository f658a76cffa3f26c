/**
 * Timestamps in one shape whatever their source: PostgREST sends
 * `2026-11-21T10:00:00.123456+00:00`, Realtime sends `2026-11-21T10:00:00.123456+00`,
 * which JavaScript's Date cannot parse. Both become `2026-11-21T10:00:00.123Z`, the
 * shape the embedded adapter returns, so the two adapters compare equal.
 */
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}(?::?\d{2})?)?$/i

export function toIsoTimestamp(value: string): string {
  const match = TIMESTAMP.exec(value.trim())
  if (!match) return value
  const [, date, time, fraction = '', zone = 'Z'] = match
  const millis = fraction.padEnd(3, '0').slice(0, 3)
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : normalizeOffset(zone)
  const parsed = new Date(`${date}T${time}.${millis}${offset}`)
  return Number.isNaN(parsed.getTime()) ? value : parsed.toISOString()
}

function normalizeOffset(zone: string): string {
  const digits = zone.slice(1).replace(':', '')
  return `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2, 4).padEnd(2, '0')}`
}
