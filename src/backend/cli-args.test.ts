import { describe, expect, it } from 'vitest'
import {
  PRIVACY_USAGE,
  parsePrivacyArgs,
  parseSeedArgs,
  parseUsersArgs,
  SEED_MAX_MESSAGES,
  SEED_USAGE,
  USERS_USAGE,
} from './cli-args'

describe('parseUsersArgs', () => {
  it('reads add (with or without --admin, before or after the address), remove and list', () => {
    expect(parseUsersArgs(['add', ' Ayşe@Example.com '])).toEqual({
      ok: true,
      value: { command: 'add', email: 'ayşe@example.com', admin: false, owner: false },
    })
    expect(parseUsersArgs(['add', 'a@example.com', '--admin'])).toEqual({
      ok: true,
      value: { command: 'add', email: 'a@example.com', admin: true, owner: false },
    })
    expect(parseUsersArgs(['add', '--admin', 'a@example.com'])).toEqual({
      ok: true,
      value: { command: 'add', email: 'a@example.com', admin: true, owner: false },
    })
    expect(parseUsersArgs(['add', 'a@example.com', '--owner'])).toEqual({
      ok: true,
      value: { command: 'add', email: 'a@example.com', admin: true, owner: true },
    })
    expect(parseUsersArgs(['add', 'a@example.com', '--owner', '--admin'])).toMatchObject({ ok: false })
    expect(parseUsersArgs(['remove', 'A@example.com'])).toEqual({
      ok: true,
      value: { command: 'remove', email: 'a@example.com' },
    })
    expect(parseUsersArgs(['list'])).toEqual({ ok: true, value: { command: 'list' } })
  })

  it('answers anything else with the usage', () => {
    for (const args of [
      [],
      ['frobnicate'],
      ['list', 'extra'],
      ['add'],
      ['add', 'a@example.com', 'b@example.com'],
      ['remove', '--admin', 'a@example.com'],
    ]) {
      const parsed = parseUsersArgs(args)
      expect(parsed.ok, args.join(' ')).toBe(false)
      if (!parsed.ok) expect(parsed.error.endsWith(USERS_USAGE)).toBe(true)
    }
    expect(parseUsersArgs(['add', 'a@example.com', '--admn'])).toEqual({
      ok: false,
      error: `Unknown option --admn\n${USERS_USAGE}`,
    })
    expect(parseUsersArgs(['add', 'not-an-email'])).toEqual({
      ok: false,
      error: `Not a valid e-mail address: not-an-email\n${USERS_USAGE}`,
    })
    expect(parseUsersArgs(['add', `${'a'.repeat(250)}@example.com`]).ok).toBe(false)
  })
})

describe('parseSeedArgs', () => {
  it('reads --messages N and --messages=N, with _ as a thousands separator', () => {
    expect(parseSeedArgs(['--messages', '100000'])).toEqual({ ok: true, value: { messages: 100_000 } })
    expect(parseSeedArgs(['--messages=250'])).toEqual({ ok: true, value: { messages: 250 } })
    expect(parseSeedArgs(['--messages', '100_000'])).toEqual({ ok: true, value: { messages: 100_000 } })
    expect(parseSeedArgs(['--messages', String(SEED_MAX_MESSAGES)]).ok).toBe(true)
  })

  it('refuses a missing, non-numeric, zero, fractional or huge count, and stray arguments', () => {
    for (const args of [
      [],
      ['--messages'],
      ['--messages', '0'],
      ['--messages', '-5'],
      ['--messages', '1.5'],
      ['--messages', '1e3'],
      ['--messages', 'ten'],
      ['--messages', String(SEED_MAX_MESSAGES + 1)],
      ['--messages', '5', 'extra'],
      ['5'],
    ]) {
      const parsed = parseSeedArgs(args)
      expect(parsed.ok, args.join(' ')).toBe(false)
      if (!parsed.ok) expect(parsed.error.endsWith(SEED_USAGE)).toBe(true)
    }
  })
})

describe('parsePrivacyArgs', () => {
  it('reads export EMAIL and erase EMAIL --yes, the address trimmed and lowercased', () => {
    expect(parsePrivacyArgs(['export', ' Ayse@Example.com '])).toEqual({
      ok: true,
      value: { command: 'export', email: 'ayse@example.com' },
    })
    expect(parsePrivacyArgs(['erase', '--yes', 'a@example.com'])).toEqual({
      ok: true,
      value: { command: 'erase', email: 'a@example.com' },
    })
  })

  it('refuses an erase without --yes, an invalid address, unknown options and wrong shapes, on one line', () => {
    const refused = (args: string[]) => {
      const parsed = parsePrivacyArgs(args)
      if (parsed.ok) throw new Error(`accepted ${args.join(' ')}`)
      expect(parsed.error).not.toContain('\n')
      return parsed.error
    }
    expect(refused(['erase', 'a@example.com'])).toMatch(/cannot be undone: add --yes/)
    for (const bad of ['not-an-address', 'a@b', '@example.com', 'a b@example.com', `${'x'.repeat(250)}@example.com`]) {
      expect(refused(['export', bad])).toMatch(/^Not a valid e-mail address/)
      expect(refused(['erase', bad, '--yes'])).toMatch(/^Not a valid e-mail address/)
    }
    expect(refused(['export', 'a@example.com', '--yes'])).toMatch(/Unknown option --yes/)
    expect(refused(['export'])).toBe(PRIVACY_USAGE)
    expect(refused(['export', 'a@example.com', 'b@example.com'])).toBe(PRIVACY_USAGE)
    expect(refused(['delete', 'a@example.com'])).toBe(PRIVACY_USAGE)
    expect(refused([])).toBe(PRIVACY_USAGE)
  })
})
