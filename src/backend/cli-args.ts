/** Argument parsing of the command-line tools (scripts/users.ts, scripts/seed.ts), kept pure so it
 * is tested without a backend: bad input is answered with the usage before anything opens. */
import * as v from 'valibot'
import { LIMITS } from '~/lib/limits'
import { normalizeEmail } from '~/domain/accounts'

export const USERS_USAGE = 'Usage: npm run users -- add <email> [--admin | --owner] | remove <email> | list'
export const PRIVACY_USAGE = 'Usage: npm run privacy -- export <email> | erase <email> --yes'
export const SEED_USAGE = 'Usage: npm run seed -- --messages <count>'
/** Enough for any benchmark; a typo of a few extra zeros should not fill the disk. */
export const SEED_MAX_MESSAGES = 1_000_000

export type UsersCommand =
  | { command: 'add'; email: string; admin: boolean; owner: boolean }
  | { command: 'remove'; email: string }
  | { command: 'list' }

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string }

const fail = (error: string): { ok: false; error: string } => ({ ok: false, error })

/** An address as a data-subject request names it: trimmed, lowercased, a valid e-mail. */
export const SubjectEmailSchema = v.pipe(
  v.string(),
  v.transform(normalizeEmail),
  v.nonEmpty('empty'),
  v.maxLength(LIMITS.contact.emailMax, 'too_long'),
  v.email('invalid'),
)

/** Lowercased and trimmed, as every address is stored; null when it cannot be an address. */
export function parseEmail(value: string | undefined): string | null {
  const email = normalizeEmail(value ?? '')
  return email.length <= LIMITS.contact.emailMax && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null
}

export function parseUsersArgs(args: readonly string[]): Parsed<UsersCommand> {
  const [command, ...rest] = args
  if (command === 'list') return rest.length === 0 ? { ok: true, value: { command } } : fail(USERS_USAGE)
  if (command !== 'add' && command !== 'remove') return fail(USERS_USAGE)
  const flags = rest.filter((arg) => arg.startsWith('--'))
  const positional = rest.filter((arg) => !arg.startsWith('--'))
  const allowed = command === 'add' ? ['--admin', '--owner'] : []
  const unknown = flags.find((flag) => !allowed.includes(flag))
  if (unknown) return fail(`Unknown option ${unknown}\n${USERS_USAGE}`)
  if (positional.length !== 1) return fail(USERS_USAGE)
  const email = parseEmail(positional[0])
  if (!email) return fail(`Not a valid e-mail address: ${positional[0]}\n${USERS_USAGE}`)
  if (flags.includes('--admin') && flags.includes('--owner')) return fail(`Either --admin or --owner\n${USERS_USAGE}`)
  const owner = flags.includes('--owner')
  return {
    ok: true,
    value: command === 'add' ? { command, email, admin: owner || flags.includes('--admin'), owner } : { command, email },
  }
}

/** `--messages N` or `--messages=N`, N a whole number from 1 to SEED_MAX_MESSAGES (`_` allowed: 100_000). */
export function parseSeedArgs(args: readonly string[]): Parsed<{ messages: number }> {
  const [first, second, ...rest] = args.flatMap((arg) => (arg.startsWith('--messages=') ? ['--messages', arg.slice(11)] : [arg]))
  if (first !== '--messages' || second === undefined || rest.length > 0) return fail(SEED_USAGE)
  const text = second.replaceAll('_', '')
  const count = /^\d+$/.test(text) ? Number(text) : NaN
  if (!Number.isSafeInteger(count) || count < 1 || count > SEED_MAX_MESSAGES) {
    return fail(`--messages needs a whole number from 1 to ${SEED_MAX_MESSAGES}, not ${JSON.stringify(second)}\n${SEED_USAGE}`)
  }
  return { ok: true, value: { messages: count } }
}

export type PrivacyCommand = { command: 'export' | 'erase'; email: string }

/** `export EMAIL` or `erase EMAIL --yes`: erasing is for good, so it is never the default of a typo. */
export function parsePrivacyArgs(args: readonly string[]): Parsed<PrivacyCommand> {
  const [command, ...rest] = args
  if (command !== 'export' && command !== 'erase') return fail(PRIVACY_USAGE)
  const flags = rest.filter((arg) => arg.startsWith('--'))
  const positional = rest.filter((arg) => !arg.startsWith('--'))
  const allowed = command === 'erase' ? ['--yes'] : []
  const unknown = flags.find((flag) => !allowed.includes(flag))
  if (unknown) return fail(`Unknown option ${unknown}. ${PRIVACY_USAGE}`)
  if (positional.length !== 1) return fail(PRIVACY_USAGE)
  const email = v.safeParse(SubjectEmailSchema, positional[0])
  if (!email.success) return fail(`Not a valid e-mail address: ${JSON.stringify(positional[0])}. ${PRIVACY_USAGE}`)
  if (command === 'erase' && !flags.includes('--yes')) {
    return fail(`Erasing ${email.output} cannot be undone: add --yes to confirm. ${PRIVACY_USAGE}`)
  }
  return { ok: true, value: { command, email: email.output } }
}
