/**
 * The activity log's domain (docs/decisions/230-activity-log.md): one row per staff action on
 * personal data or on the staff area, append-only. Imports nothing of the app.
 */

/**
 * Every action code the app writes. The database accepts any dotted lower-case code, so a new
 * feature adds its codes here without a migration.
 */
export const ACTIVITY_ACTIONS = [
  'sign_in.success',
  'sign_in.failure',
  'sign_out',
  'session.end',
  'passkey.add',
  'passkey.remove',
  'passkey.reset',
  'message.receive',
  'message.open',
  'message.reply',
  'message.visitor_reply',
  'message.status',
  'message.trash',
  'message.restore',
  'message.purge',
  'message.spam',
  'message.not_spam',
  'message.export',
  'message.owner',
  'message.note',
  'message.note_delete',
  'banner.change',
  'content.change',
  'saved_reply.create',
  'saved_reply.update',
  'saved_reply.delete',
  'team.add',
  'team.remove',
  'team.role',
  'privacy.export',
  'privacy.erase',
  'backup.create',
  'backup.restore',
  'activity.export',
] as const
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number]

/** The actor of what the command line does (backups, restores, `npm run users`). */
export const CLI_ACTOR = 'cli'

/** Who acts and from where: the part of a row the request knows. */
export interface ActivityActor {
  /** The signed-in staff member's address, or CLI_ACTOR. */
  actor: string
  /** The request's id (the request log's), to find its log lines. */
  requestId?: string | null
  /** The client's address; stored only as approximateAddress() of it. */
  ip?: string | null
}

/** One row to write. */
export interface ActivityEntry extends ActivityActor {
  action: ActivityAction
  /** The messages the action touched (none for a sign-in, a team change, …). */
  messageIds?: readonly string[]
  /** The person the action was about: a team member, one person's export or erasure. */
  subject?: string | null
  /** The filter of an export, counts, old and new values: small, never a message's text. */
  detail?: Record<string, unknown>
  /** When; the database's clock when not given. */
  at?: Date
}

/** One row as read. After an erasure, `actor` or `subject` is the erasure records' keyed hash. */
export interface ActivityRow {
  id: string
  at: string
  actor: string
  action: string
  messageIds: string[]
  subject: string | null
  detail: Record<string, unknown>
  requestId: string | null
  /** The /24 (IPv4) or /48 (IPv6) the request came from. */
  address: string | null
}

/** The log's filters, as the 'Etkinlik Kaydı' page puts them in its URL. */
export interface ActivityQuery {
  actor?: string
  action?: string
  /** Inclusive, ISO dates or times. */
  from?: string
  /** Exclusive. */
  until?: string
  /** Rows older than this row id (the next page). */
  before?: string
  limit: number
}

/**
 * The approximate place of an address: IPv4 to its /24, IPv6 to its /48 (no lookup service).
 * Null for anything that is not an IP address.
 */
export function approximateAddress(ip: string | null | undefined): string | null {
  if (!ip) return null
  const v4 = ipv4Octets(ip)
  if (v4) return `${v4[0]}.${v4[1]}.${v4[2]}.0/24`
  const groups = ipv6Groups(ip)
  if (groups) return `${groups.slice(0, 3).join(':')}::/48`
  return null
}

/**
 * The key an address is counted under by every per-address rate limit: IPv4 as it is, IPv6 by
 * its /64 (one subscriber's network hands out a whole /64), IPv4-mapped IPv6 as the IPv4.
 */
export function rateLimitAddress(ip: string): string {
  if (ipv4Octets(ip)) return ipv4Octets(ip)!.join('.')
  const groups = ipv6Groups(ip)
  if (groups) return `${groups.slice(0, 4).join(':')}::/64`
  return ip
}

function ipv4Octets(ip: string): number[] | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  const text = mapped ? mapped[1]! : ip
  const parts = text.split('.')
  if (parts.length !== 4) return null
  const octets = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : Number.NaN))
  return octets.every((n) => n >= 0 && n <= 255) ? octets : null
}

/** The eight groups of an IPv6 address, lower-case without leading zeros; null when not one. */
function ipv6Groups(ip: string): string[] | null {
  const bare = ip.replace(/%.*$/, '').replace(/^\[|\]$/g, '')
  if (!bare.includes(':') || !/^[0-9a-f:.]+$/i.test(bare)) return null
  const halves = bare.split('::')
  if (halves.length > 2) return null
  const split = (s: string) => (s === '' ? [] : s.split(':'))
  const head = split(halves[0]!)
  const tail = halves.length === 2 ? split(halves[1]!) : []
  // An embedded IPv4 tail (::ffff:1.2.3.4 is caught above; others are rare) counts as two groups.
  const last = tail.length > 0 ? tail[tail.length - 1]! : head[head.length - 1]
  if (last?.includes('.')) return null
  const missing = 8 - head.length - tail.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null
  return groups.map((g) => Number.parseInt(g, 16).toString(16))
}
