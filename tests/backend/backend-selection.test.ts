import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DataDirLockedError } from '~/backend/embedded/open-embedded.server'
import { closeBackend, getBackend } from '~/backend/get-backend.server'

let dataDir: string

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pusula-selector-'))
  // serverEnv() reads these on its first call, which happens inside getBackend().
  for (const key of ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'DATABASE_URL', 'DATABASE_LISTEN_URL']) {
    delete process.env[key]
  }
  process.env.DATA_DIR = dataDir
  process.env.LOG_EMAILS = 'false'
})
afterAll(async () => {
  await closeBackend()
  await fs.rm(dataDir, { recursive: true, force: true })
})

describe('getBackend', () => {
  it('does not cache a failed start', async () => {
    // The parent process is alive, so its PID makes a lock that cannot be taken over.
    await fs.writeFile(path.join(dataDir, '.lock'), `${process.ppid}\n`)
    await expect(getBackend()).rejects.toThrow(DataDirLockedError)
    await fs.rm(path.join(dataDir, '.lock'))
    expect((await getBackend()).kind).toBe('embedded')
    await closeBackend()
  })

  it('creates the embedded backend once, shared by concurrent callers and across module reloads', async () => {
    const [a, b] = await Promise.all([getBackend(), getBackend()])
    expect(a).toBe(b)
    expect(a.kind).toBe('embedded')
    expect(await fs.readFile(path.join(dataDir, '.lock'), 'utf8')).toBe(`${process.pid}\n`)
    // What Vite's HMR does to this module in dev: a fresh evaluation in the same process.
    vi.resetModules()
    const reloaded = await import('~/backend/get-backend.server')
    expect(reloaded.getBackend).not.toBe(getBackend)
    expect(await reloaded.getBackend()).toBe(a)
  })

  it('closes the backend and releases the data folder', async () => {
    const first = await getBackend()
    await closeBackend()
    await expect(fs.stat(path.join(dataDir, '.lock'))).rejects.toThrow()
    await closeBackend() // nothing open: no-op
    const second = await getBackend()
    expect(second).not.toBe(first)
  })
})
