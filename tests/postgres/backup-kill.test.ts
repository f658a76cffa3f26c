/**
 * `npm run backup` in the postgres mode, killed with SIGKILL while it writes (docs/backups.md):
 * it leaves only its `.partial` file, never one with the archive's name, and a restore refuses
 * that file; the server's data is whole, no session of the dead command is left holding its
 * snapshot open, and the next backup works.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ArchiveError, readArchive } from '~/backend/backup/archive-file.server'
import { openPostgres, type PostgresInstance } from '~/backend/postgres/open-postgres.server'
import { addEveryKindOfData, type DatabasePicture, pictureOf } from '../support/backup-fixtures'
import { createPlainDatabase, type PlainDatabase } from '../support/test-database'

let dir: string
let database: PlainDatabase
let instance: PostgresInstance

const cliEnv = () => ({ ...process.env, DATABASE_URL: database.url, DATA_DIR: path.join(dir, 'data'), NODE_ENV: 'production' })

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pusula-backup-kill-'))
  database = await createPlainDatabase()
  instance = await openPostgres({ url: database.url, dataDir: dir, secureCookies: false, logEmails: false })
  await addEveryKindOfData(instance.db, instance.backend)
  // Large incompressible images (rows of storage.object_contents in this mode) make the backup
  // take long enough to be killed half-way.
  for (let i = 0; i < 6; i += 1) {
    await instance.backend.storage.upload({
      name: `large-${i}.png`,
      bytes: new Uint8Array(randomBytes(4_500_000)),
      contentType: 'image/png',
      cacheControlSeconds: 60,
    })
  }
}, 120_000)

afterAll(async () => {
  await instance?.backend.close().catch(() => {})
  await database?.drop().catch(() => {})
  await fs.rm(dir, { recursive: true, force: true })
})

const picture = () => pictureOf(instance.db, instance.backend, { withStorage: true })

/** The sessions of the test's database other than this test's own pool, with what they do. */
async function otherSessions(): Promise<{ state: string; query: string }[]> {
  const { rows } = await instance.db.query<{ state: string; query: string }>(
    `select coalesce(state, '') as state, query from pg_catalog.pg_stat_activity
     where datname = current_database() and pid <> pg_catalog.pg_backend_pid() and backend_type = 'client backend'
       and (state like 'idle in transaction%' or query ilike 'fetch%' or query ilike 'declare%')`,
  )
  return rows
}

function waitForExit(child: ChildProcess): Promise<NodeJS.Signals | number | null> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)))
}

it('leaves no archive that looks complete, and the database whole, when the command is killed while writing', async () => {
  const before: DatabasePicture = await picture()
  const file = path.join(dir, 'killed.gz')
  // The node process itself (not npm): SIGKILL gives it no chance to clean up.
  const child = spawn(process.execPath, ['scripts/run-ts.mjs', 'scripts/backup.ts', file], {
    env: cliEnv(),
    stdio: 'ignore',
  })
  const exited = waitForExit(child)
  let partial: string | undefined
  for (let i = 0; i < 60_000 && !partial; i += 1) {
    const names = await fs.readdir(dir)
    const found = names.find((name) => name.startsWith('.killed.gz.') && name.endsWith('.partial'))
    // Killed once some of it is on disk: the rows and the first images' pieces.
    if (found && (await fs.stat(path.join(dir, found))).size > 0) partial = found
    else await new Promise((resolve) => setTimeout(resolve, 2))
  }
  expect(partial, 'the command started writing').toBeDefined()
  child.kill('SIGKILL')
  expect(await exited).toBe('SIGKILL')

  // No file has the archive's name; the partial one is refused as a restore would refuse it.
  await expect(fs.access(file)).rejects.toThrow()
  const error = await readArchive(path.join(dir, partial!)).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(ArchiveError)
  expect((error as ArchiveError).code).toMatch(/^(truncated|corrupt)$/)

  // PostgreSQL ends the dead client's session (and its snapshot) once its socket closes.
  let left = await otherSessions()
  for (let i = 0; i < 100 && left.length > 0; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    left = await otherSessions()
  }
  expect(left).toEqual([])
  expect(await picture()).toEqual(before)

  // And the next backup is whole, with every message and image of the database.
  const again = path.join(dir, 'again.gz')
  const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['scripts/run-ts.mjs', 'scripts/backup.ts', again],
      { env: cliEnv(), timeout: 120_000 },
      (failure, stdout, stderr) => resolve({ code: failure ? ((failure as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  const rows: unknown[] = []
  await readArchive(again, (line) => void rows.push(line))
  const images = rows.filter((line) => typeof line === 'object' && line !== null && 'image' in line)
  expect(images).toHaveLength(Object.keys(before.images).length)
  expect(result.stdout).toContain(`(${before.tables['public.contact_messages']!.length} messages, ${images.length} images`)
}, 180_000)
