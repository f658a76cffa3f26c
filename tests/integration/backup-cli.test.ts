/**
 * `npm run backup` and `npm run restore` against a running embedded server (decision 100): the
 * command asks the server, which owns the data folder, to write the archive. A server killed
 * with SIGKILL while it writes leaves no file that looks complete (nor does the command killed
 * while it writes with the server stopped), and a restore of a truncated
 * or altered archive is refused with exit code 2, the database unchanged.
 */
import { execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { readArchive } from '~/backend/backup/archive-file.server'
import { requestBackup } from '~/backend/backup/control.server'
import { openEmbedded } from '~/backend/embedded/open-embedded.server'
import { type AppServer, startAppServer } from './app-server'

const dataDir = mkdtempSync(join(tmpdir(), 'pusula-backup-cli-'))
const out = mkdtempSync(join(tmpdir(), 'pusula-backup-out-'))
let server: AppServer | undefined

afterAll(async () => {
  await server?.stop().catch(() => {})
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(out, { recursive: true, force: true })
})

function run(script: 'backup' | 'restore', args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/run-ts.mjs', `scripts/${script}.ts`, ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
}

/** The database's messages, read with the server stopped. */
async function messageIds(): Promise<string[]> {
  const { backend, db } = await openEmbedded({ dataDir, secureCookies: false, logEmails: false })
  try {
    return (await db.query<{ id: string }>('select id::text as id from public.contact_messages order by id')).rows.map(
      (row) => row.id,
    )
  } finally {
    await backend.close()
  }
}

beforeAll(async () => {
  // Large incompressible images make the archive take long enough to be killed half-way.
  const { backend } = await openEmbedded({ dataDir, secureCookies: false, logEmails: false })
  for (let i = 0; i < 6; i += 1) {
    await backend.storage.upload({
      name: `large-${i}.png`,
      bytes: new Uint8Array(randomBytes(4_500_000)),
      contentType: 'image/png',
      cacheControlSeconds: 60,
    })
  }
  await backend.close()
  server = await startAppServer({ dataDir })
}, 180_000)

it('writes an archive through the running server, and prints where', async () => {
  const file = join(out, 'online.gz')
  const result = await run('backup', [file])
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  expect(result.stdout).toContain(`Backup written: ${file}`)
  const { header } = await readArchive(file)
  expect(header.mode).toBe('embedded')
}, 120_000)

it('leaves no complete-looking archive when the server is killed while writing', async () => {
  const file = join(out, 'killed.gz')
  const pid = Number.parseInt(readFileSync(join(dataDir, '.lock'), 'utf8'), 10)
  const answer = requestBackup(dataDir, file).catch((error: Error) => error)
  let partial: string | undefined
  for (let i = 0; i < 20_000 && !partial; i += 1) {
    partial = (await fs.readdir(out)).find((name) => name.startsWith('.killed.gz.') && name.endsWith('.partial'))
    if (!partial) await new Promise((resolve) => setTimeout(resolve, 1))
  }
  expect(partial, 'the server started writing').toBeDefined()
  process.kill(pid, 'SIGKILL')
  expect(await answer).toBeInstanceOf(Error)
  await server?.stop().catch(() => {})
  server = undefined
  await expect(fs.access(file)).rejects.toThrow()

  const before = await messageIds()
  expect(before.length).toBeGreaterThan(0)
  const restored = await run('restore', [join(out, partial!), '--replace'])
  expect(restored.code).toBe(2)
  expect(restored.stderr.trim().split('\n')).toHaveLength(1)
  expect(restored.stderr).toMatch(/^Restore refused: the archive is (truncated|damaged)/)
  expect(await messageIds()).toEqual(before)
}, 120_000)

it('leaves no complete-looking archive when the command is killed while it writes (server stopped)', async () => {
  // With no server, `npm run backup` opens the folder and writes the archive itself.
  expect(server).toBeUndefined()
  const before = await messageIds()
  const file = join(out, 'command-killed.gz')
  const child = spawn(process.execPath, ['scripts/run-ts.mjs', 'scripts/backup.ts', file], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' },
    stdio: 'ignore',
  })
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)))
  let partial: string | undefined
  for (let i = 0; i < 60_000 && !partial; i += 1) {
    const found = (await fs.readdir(out)).find((name) => name.startsWith('.command-killed.gz.') && name.endsWith('.partial'))
    if (found && (await fs.stat(join(out, found))).size > 0) partial = found
    else await new Promise((resolve) => setTimeout(resolve, 2))
  }
  expect(partial, 'the command started writing').toBeDefined()
  child.kill('SIGKILL')
  expect(await exited).toBe('SIGKILL')
  await expect(fs.access(file)).rejects.toThrow()
  // The folder opens again (the dead command's lock is taken over) with every message.
  expect(await messageIds()).toEqual(before)
  const restored = await run('restore', [join(out, partial!), '--replace'])
  expect(restored.code).toBe(2)
  expect(restored.stderr).toMatch(/^Restore refused: the archive is (truncated|damaged)/)
  expect(await messageIds()).toEqual(before)
}, 180_000)

it('refuses an archive with one flipped byte, the database unchanged', async () => {
  const bytes = await fs.readFile(join(out, 'online.gz'))
  const at = Math.floor(bytes.length / 3)
  bytes[at] = bytes[at]! ^ 0x10
  const flipped = join(out, 'flipped.gz')
  await fs.writeFile(flipped, bytes)
  const before = await messageIds()
  const result = await run('restore', [flipped, '--replace'])
  expect(result.code).toBe(2)
  expect(result.stderr).toMatch(/^Restore refused: .*Nothing was changed\.\n$/)
  expect(await messageIds()).toEqual(before)

  // The intact archive goes back in with --replace (the server is stopped).
  const restored = await run('restore', [join(out, 'online.gz'), '--replace'])
  expect(restored.stderr).toBe('')
  expect(restored.code).toBe(0)
  expect(await messageIds()).toEqual(before)
}, 180_000)
