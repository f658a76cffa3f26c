import { spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterEach, describe, expect, it } from 'vitest'
import { DataDirLockedError, readOutbox, SEED_ADMIN_EMAIL, SEED_STAFF_EMAIL } from '~/backend/embedded/open-embedded.server'
import { listUsers } from '~/backend/sql/builtin-auth/users.server'
import { MIGRATIONS } from '~/backend/sql/migrations.server'
import { contextFor, createMemoryCookieJar, describeBackendContract } from '../backend.contract'
import { makeTempDataDir, openContractSubject, openTestBackend, type TestBackend } from '../embedded-harness'

describeBackendContract('embedded', openContractSubject, { readsMail: true, signsIn: true, storesFiles: true })

// Plain TypeScript without Vite features: Node runs it directly in a child process or worker.
const lockModule = path.resolve('src/backend/embedded/lock.server.ts')

describe('embedded lifecycle', () => {
  const open: TestBackend[] = []
  const dirs: string[] = []
  afterEach(async () => {
    for (const t of open.splice(0)) await t.backend.close()
    for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true })
  })
  async function tempDir() {
    const dir = await makeTempDataDir()
    dirs.push(dir)
    return dir
  }
  async function openIn(dataDir: string, options: { inMemory?: boolean; fresh?: boolean } = {}) {
    const t = await openTestBackend({ dataDir, ...options })
    open.push(t)
    return t
  }

  it('holds the data folder with a lock file naming its PID, refuses a second opener, releases on close', async () => {
    const dataDir = await tempDir()
    const first = await openIn(dataDir)
    expect(await fs.readFile(path.join(dataDir, '.lock'), 'utf8')).toBe(`${process.pid}\n`)
    await expect(openTestBackend({ dataDir })).rejects.toThrow(DataDirLockedError)
    await expect(openTestBackend({ dataDir })).rejects.toThrow(`(PID ${process.pid})`)

    // A child process sees this process as "another process".
    const child = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import(${JSON.stringify(lockModule)}).then((m) => m.acquireDataDirLock(${JSON.stringify(dataDir)})).catch((e) => { console.log(e.message); process.exit(3) })`,
      ],
      { encoding: 'utf8' },
    )
    expect(child.status).toBe(3)
    expect(child.stdout).toContain(`Another process (PID ${process.pid}) is using DATA_DIR ${dataDir}`)

    // A worker thread (how Nitro's dev server runs the app) shares the PID but not the lock.
    const worker = new Worker(
      `import(${JSON.stringify(lockModule)}).then((m) => m.acquireDataDirLock(${JSON.stringify(dataDir)})).catch((e) => require('node:worker_threads').parentPort.postMessage(e.message))`,
      { eval: true },
    )
    const fromWorker = await new Promise<string>((resolve) => worker.once('message', resolve))
    await worker.terminate()
    expect(fromWorker).toContain(`Another thread of this process (PID ${process.pid}) holds DATA_DIR ${dataDir}`)

    await first.backend.close()
    await expect(fs.stat(path.join(dataDir, '.lock'))).rejects.toThrow()
    await first.backend.close() // closing twice is harmless
  })

  it('takes over a lock left by a process that is gone', async () => {
    const dataDir = await tempDir()
    const dead = spawnSync(process.execPath, ['-e', '']).pid
    await fs.writeFile(path.join(dataDir, '.lock'), `${dead}\n`)
    await openIn(dataDir)
    expect(await fs.readFile(path.join(dataDir, '.lock'), 'utf8')).toBe(`${process.pid}\n`)
  })

  it('runs the prelude and every migration once, and seeds a fresh database', async () => {
    const t = await openIn(await tempDir(), { fresh: true })
    const applied = await t.db.query<{ name: string }>('select name from embedded_meta.schema_migrations order by name')
    expect(applied.rows.map((r) => r.name).sort()).toEqual(MIGRATIONS.map((m) => m.name).sort())
    // The stand-in prelude first, then every file of supabase/migrations as it is on disk, in name order.
    const prelude = (await fs.readdir('src/backend/sql/migrations')).sort().map((file) => `embedded/${file}`)
    const supabase = (await fs.readdir('supabase/migrations')).sort().map((file) => `supabase/${file}`)
    expect(prelude[0]).toBe('embedded/0001-supabase-stand-in.sql')
    expect(MIGRATIONS.map((m) => m.name)).toEqual([...prelude, ...supabase])
    const standIn = await t.db.query<Record<string, unknown>>(`
      select (select count(*)::int from pg_roles where rolname in ('anon', 'authenticated', 'service_role', 'app_server')) as roles,
             auth.jwt() as jwt, auth.uid() as uid,
             (select count(*)::int from pg_publication_tables where pubname = 'supabase_realtime') as published,
             (select bool_and(relrowsecurity) from pg_class where oid in ('storage.objects'::regclass, 'storage.buckets'::regclass)) as storage_rls,
             (select public from storage.buckets where id = 'industry-images') as bucket_public,
             (select extnamespace::regnamespace::text from pg_extension where extname = 'pg_trgm') as trgm_schema,
             (select count(*)::int from pg_trigger where tgname = 'hero_settings_notify_banner_change') as notify_trigger`)
    expect(standIn.rows[0]).toEqual({
      roles: 4,
      jwt: null,
      uid: null,
      // Banner changes travel by NOTIFY now, not through Realtime's publication.
      published: 0,
      storage_rls: true,
      bucket_public: true,
      trgm_schema: 'extensions',
      notify_trigger: 1,
    })
    expect(await listUsers(t.db)).toEqual([
      { email: SEED_ADMIN_EMAIL, hasAccount: true, isAdmin: true },
      { email: SEED_STAFF_EMAIL, hasAccount: true, isAdmin: false },
    ])
    const inbox = await t.backend.messages.list({ status: 'all', search: '', page: 1, pageSize: 50 })
    expect(inbox.total).toBe(8)
    expect(inbox.unread).toBe(3)
    expect((await t.backend.banners.list()).map((b) => [b.key, b.imageUrl])).toEqual([
      ['en-banner', '/uploads/hero-en.png'],
      ['tr-banner', '/uploads/hero-tr.png'],
    ])
  })

  it('keeps data, uploads and sessions across close and reopen, without seeding again', async () => {
    const dataDir = await tempDir()
    const first = await openIn(dataDir, { inMemory: false })
    const { id } = await first.backend.messages.create({
      name: 'Kalıcı Kişi',
      email: 'kalici@example.com',
      message: 'Bu mesaj kapanıştan sonra da durmalı.',
    })
    await first.backend.banners.upsert([{ key: 'tr-banner', imageUrl: '/uploads/kept.png' }])
    await first.backend.storage.upload({
      name: 'kept.png',
      bytes: new Uint8Array([1, 2, 3]),
      contentType: 'image/png',
      cacheControlSeconds: 3600,
    })
    const jar = createMemoryCookieJar()
    await first.backend.auth.sendCode(SEED_ADMIN_EMAIL)
    const code = (await readOutbox(dataDir)).at(-1)!.text.match(/\d{6}/)![0]
    await first.backend.auth.verifyCode(contextFor(jar), SEED_ADMIN_EMAIL, code)
    await first.backend.close()

    const second = await openIn(dataDir, { inMemory: false })
    expect(await second.backend.messages.get(id)).toMatchObject({ name: 'Kalıcı Kişi', status: 'new' })
    expect((await second.backend.messages.list({ status: 'all', search: '', page: 1, pageSize: 1 })).total).toBe(9)
    expect((await second.backend.banners.getPublic('tr-banner'))?.imageUrl).toBe('/uploads/kept.png')
    expect(await second.backend.storage.read('kept.png')).toMatchObject({ contentType: 'image/png', cacheControlSeconds: 3600 })
    expect(await second.backend.auth.getUser(contextFor(jar))).toMatchObject({ email: SEED_ADMIN_EMAIL })
    const applied = await second.db.query('select 1 from embedded_meta.schema_migrations')
    expect(applied.rows).toHaveLength(MIGRATIONS.length)
  })
})
