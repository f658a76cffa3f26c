import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import runAdmin from '../../../scripts/admin'
import { makeTempDataDir, openTestBackend } from './test-harness.server'

let dataDir: string
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

/** Runs the CLI exactly as `npm run admin` does, in its own process. */
function spawnAdmin(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['scripts/run-ts.mjs', 'scripts/admin.ts', ...args], {
    env: { ...process.env, ...env },
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk) => (out += chunk))
  child.stderr.on('data', (chunk) => (err += chunk))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })))
}

/** Runs the CLI's default export in this process, capturing what it prints. */
async function inProcess(...args: string[]) {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {})
  const info = vi.spyOn(console, 'info').mockImplementation(() => {})
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    const code = await runAdmin(args)
    return { code, out: log.mock.calls.flat().join('\n'), err: error.mock.calls.flat().join('\n') }
  } finally {
    log.mockRestore()
    info.mockRestore()
    error.mockRestore()
  }
}

describe('npm run admin (embedded)', () => {
  it('adds an admin through scripts/run-ts.mjs, creating the data folder on first use', async () => {
    const added = await spawnAdmin('add', '  New.Admin@Example.com ')
    expect(added.err).toBe('')
    expect(added.code).toBe(0)
    expect(added.out).toContain('Created user new.admin@example.com; on the admin list.')
  })

  it('lists and removes users', async () => {
    const listed = await inProcess('list')
    expect(listed.code).toBe(0)
    expect(listed.out.split('\n')).toEqual([
      'admin@example.com  (admin)',
      'new.admin@example.com  (admin)',
      'staff@example.com  (not admin)',
    ])
    expect((await inProcess('add', 'new.admin@example.com')).out).toBe('Found user new.admin@example.com; on the admin list.')
    expect((await inProcess('remove', 'new.admin@example.com')).out).toBe(
      'Removed user and admin entry for new.admin@example.com.',
    )
    expect((await inProcess('remove', 'new.admin@example.com')).out).toBe('No user or admin entry for new.admin@example.com.')
  })

  it('refuses while another process holds the data folder', async () => {
    const server = await openTestBackend({ dataDir })
    try {
      const result = await spawnAdmin('add', 'late@example.com')
      expect(result.code).toBe(1)
      expect(result.err).toContain(`Another process (PID ${process.pid}) is using DATA_DIR`)
      expect(result.err).toContain('Stop the server')
    } finally {
      await server.backend.close()
    }
  })

  it('explains its usage on bad input, before touching any backend', async () => {
    const bad = await inProcess('add', 'not-an-email')
    expect(bad).toMatchObject({ code: 2, out: '' })
    expect(bad.err).toContain('Not a valid e-mail address: not-an-email')
    for (const args of [['frobnicate'], ['list', 'extra'], []]) {
      expect(await inProcess(...args)).toEqual({
        code: 2,
        out: '',
        err: 'Usage: npm run admin -- add <email> | remove <email> | list',
      })
    }
  })
})
