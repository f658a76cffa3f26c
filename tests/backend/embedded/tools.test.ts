/**
 * The command-line tools end to end on the embedded backend: `npm run users` and `npm run seed`
 * exactly as npm runs them (scripts/run-ts.mjs in a child process) on a temp DATA_DIR, plus
 * in-process runs of the scripts' default exports for the quick cases.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import runSeed from '../../../scripts/seed'
import runUsers from '../../../scripts/users'
import { INBOX_STATUSES } from '~/domain/messages'
import { makeTempDataDir, openTestBackend } from '../embedded-harness'

let dataDir: string
/**
 * A tool run opens the data folder (and on first use creates it: PostgreSQL's initdb inside
 * PGlite), which takes several seconds on a quiet machine and far longer on a loaded one: the
 * tests that run tools get this much time rather than the suite's default 30 s.
 */
const TOOL_TEST_MS = 120_000
const env = { DATA_DIR: '', SUPABASE_URL: '', SUPABASE_ANON_KEY: '', SUPABASE_SERVICE_ROLE_KEY: '' }

beforeAll(async () => {
  dataDir = await makeTempDataDir()
  env.DATA_DIR = dataDir
  // For the in-process runs; set before serverEnv() first reads (and caches) the environment.
  Object.assign(process.env, env)
})
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true })
})

/** Runs a tool exactly as `npm run <tool>` does, in its own process. */
function spawnTool(script: 'users' | 'seed', ...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['scripts/run-ts.mjs', `scripts/${script}.ts`, ...args], {
    env: { ...process.env, ...env },
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk) => (out += chunk))
  child.stderr.on('data', (chunk) => (err += chunk))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })))
}

/** Runs a tool's default export in this process, capturing what it prints. */
async function inProcess(tool: (args: string[]) => Promise<number>, ...args: string[]) {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {})
  const info = vi.spyOn(console, 'info').mockImplementation(() => {})
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    const code = await tool(args)
    return { code, out: log.mock.calls.flat().join('\n'), err: error.mock.calls.flat().join('\n') }
  } finally {
    log.mockRestore()
    info.mockRestore()
    error.mockRestore()
  }
}

describe('npm run users (embedded)', { timeout: TOOL_TEST_MS }, () => {
  it('adds an admin through scripts/run-ts.mjs, creating the data folder on first use', async () => {
    const added = await spawnTool('users', 'add', '  New.Admin@Example.com ', '--admin')
    expect(added.err).toBe('')
    expect(added.code).toBe(0)
    expect(added.out).toContain('Created user new.admin@example.com; on the admin list.')
  })

  it('adds a user who is not an admin, lists and removes users', async () => {
    expect((await inProcess(runUsers, 'add', 'reader@example.com')).out).toBe('Created user reader@example.com; not an admin.')
    const listed = await inProcess(runUsers, 'list')
    expect(listed.code).toBe(0)
    expect(listed.out.split('\n')).toEqual([
      'admin@example.com  (admin)',
      'new.admin@example.com  (admin)',
      'reader@example.com  (not admin)',
      'staff@example.com  (not admin)',
    ])
    expect((await inProcess(runUsers, 'add', 'new.admin@example.com')).out).toBe(
      'Found user new.admin@example.com; on the admin list.',
    )
    expect((await inProcess(runUsers, 'remove', 'new.admin@example.com')).out).toBe(
      'Removed user and admin entry for new.admin@example.com.',
    )
    expect((await inProcess(runUsers, 'remove', 'new.admin@example.com')).out).toBe(
      'No user or admin entry for new.admin@example.com.',
    )
  })

  it('refuses while another process holds the data folder', async () => {
    const server = await openTestBackend({ dataDir })
    try {
      const result = await spawnTool('users', 'add', 'late@example.com')
      expect(result.code).toBe(1)
      expect(result.err).toContain(`Another process (PID ${process.pid}) is using DATA_DIR`)
      expect(result.err).toContain('Stop the server')
    } finally {
      await server.backend.close()
    }
  })

  it('explains its usage on bad input, before touching any backend', async () => {
    const bad = await inProcess(runUsers, 'add', 'not-an-email')
    expect(bad).toMatchObject({ code: 2, out: '' })
    expect(bad.err).toContain('Not a valid e-mail address: not-an-email')
  })
})

describe('npm run seed (embedded)', { timeout: TOOL_TEST_MS }, () => {
  it('adds N realistic messages in batches, every status, over months, and prints the time', async () => {
    const count = 12_345
    const seeded = await spawnTool('seed', '--messages', String(count))
    expect(seeded.err).toBe('')
    expect(seeded.code).toBe(0)
    expect(seeded.out).toMatch(new RegExp(`^Added ${count} messages in \\d+\\.\\d s \\(\\d+ per second\\)\\.$`, 'm'))

    const t = await openTestBackend({ dataDir, inMemory: false })
    try {
      const { rows } = await t.db.query<{ status: string; n: number; days: number; turkish: number; english: number }>(`
        select status, count(*)::int as n,
               extract(day from max(created_at) - min(created_at))::int as days,
               count(*) filter (where message ~ '[çğıöşüİ]')::int as turkish,
               count(*) filter (where message ~ '\\m(the|we|our)\\M')::int as english
        from public.contact_messages where email like '%.example' group by status order by status`)
      // Every status a person sorts into; the demo has no spam.
      expect(rows.map((r) => r.status)).toEqual([...INBOX_STATUSES].sort())
      expect(rows.reduce((sum, r) => sum + r.n, 0)).toBe(count)
      for (const row of rows) {
        expect(row.days, row.status).toBeGreaterThan(60)
        expect(row.turkish, row.status).toBeGreaterThan(row.n / 4)
        expect(row.english, row.status).toBeGreaterThan(row.n / 4)
      }
      const unread = await t.db.query<{ bad: number }>(
        `select count(*)::int as bad from public.contact_messages where (status = 'new') <> (read_at is null) or read_at < created_at`,
      )
      expect(unread.rows[0]!.bad).toBe(0)
    } finally {
      await t.backend.close()
    }
  }, 120_000) // a real CLI run: Vite starts, 12,345 rows go to disk with every index; minutes on a busy machine

  it('explains its usage on bad input', async () => {
    for (const args of [[], ['--messages'], ['--messages', '0'], ['--messages', 'lots'], ['--count', '5']]) {
      const result = await inProcess(runSeed, ...args)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.err).toContain('Usage: npm run seed -- --messages <count>')
    }
  })
})
