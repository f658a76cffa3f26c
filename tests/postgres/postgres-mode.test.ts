/**
 * The postgres mode on a real PostgreSQL 17 server, in a database as a managed service hands it
 * over: owned by a login role with CREATEROLE and no superuser (tests/support/test-database.ts).
 * The app applies its migrations itself, as that owner. The backend contract runs here with the
 * very expectations it has on PGlite; then what only a server can show: two instances of the app
 * on one database.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { readOutbox } from '~/backend/mail/outbox.server'
import { openPostgres, type PostgresInstance } from '~/backend/postgres/open-postgres.server'
import { addUser } from '~/backend/sql/builtin-auth/users.server'
import { applyMigrations, MIGRATIONS } from '~/backend/sql/migrations.server'
import { pgDatabase } from '~/backend/sql/pg.server'
import type { BannerChange } from '~/domain/banners'
import { contextFor, createMemoryCookieJar, describeBackendContract } from '../backend/backend.contract'
import { checkSchemaRename } from '../backend/schema-rename.contract'
import { createTestClock } from '../backend/test-clock'
import { createPlainDatabase, type PlainDatabase } from '../support/test-database'

const ADMIN = 'admin@example.com'
const STAFF = 'staff@example.com'

const tempDir = () => fs.mkdtemp(path.join(os.tmpdir(), 'pusula-postgres-'))

/** One app instance in the postgres mode, as src/backend/get-backend.server.ts opens it. */
function openInstance(url: string, dataDir: string, now = () => new Date()): Promise<PostgresInstance> {
  return openPostgres({ url, dataDir, secureCookies: false, logEmails: false, now, seedAdminEmails: [ADMIN] })
}

describeBackendContract(
  'postgres (PostgreSQL 17 server)',
  async () => {
    const database = await createPlainDatabase()
    const dataDir = await tempDir()
    const { backend, db } = await openInstance(database.url, dataDir, createTestClock().now)
    await addUser(db, STAFF, { admin: false })
    return {
      backend,
      adminEmail: ADMIN,
      staffEmail: STAFF,
      readOutbox: () => readOutbox(dataDir),
      setup: db,
      async dispose() {
        await backend.close()
        await database.drop()
        await fs.rm(dataDir, { recursive: true, force: true })
      },
    }
  },
  { readsMail: true, signsIn: true, storesFiles: true },
)

describe('two instances on one database', () => {
  let database: PlainDatabase
  // Each instance has its own data folder (its outbox), as on two machines.
  const dataDirs: string[] = []
  let a: PostgresInstance
  let b: PostgresInstance

  beforeAll(async () => {
    database = await createPlainDatabase()
    dataDirs.push(await tempDir(), await tempDir())
    // Both start at once on the fresh database, so their migration runs overlap.
    ;[a, b] = await Promise.all([openInstance(database.url, dataDirs[0]!), openInstance(database.url, dataDirs[1]!)])
  })
  afterAll(async () => {
    await Promise.all([a?.backend.close(), b?.backend.close()])
    await database?.drop()
    for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true })
  })

  it('applies every migration exactly once and seeds once when both start at once', async () => {
    const { rows } = await a.db.query<{ name: string }>('select name from embedded_meta.schema_migrations order by name')
    expect(rows.map((row) => row.name)).toEqual(MIGRATIONS.map((m) => m.name).sort())
    const counts = await b.db.query<{ admins: number; users: number; secrets: number; messages: number }>(`
      select (select count(*)::int from public.admin_emails) as admins,
             (select count(*)::int from builtin_auth.users) as users,
             (select count(*)::int from builtin_auth.secrets) as secrets,
             (select count(*)::int from public.contact_messages) as messages`)
    // The postgres mode seeds only the admins SEED_ADMIN_EMAILS names, and no sample messages.
    expect(counts.rows).toEqual([{ admins: 1, users: 1, secrets: 1, messages: 0 }])
  })

  it('accepts on one instance a code mailed through the other, and the session is valid on both until signed out', async () => {
    expect(await a.backend.auth.sendCode(ADMIN)).toEqual({ ok: true })
    const mail = (await readOutbox(dataDirs[0]!)).filter((m) => m.to === ADMIN).at(-1)
    const code = mail?.text.match(/\b\d{6}\b/)?.[0]
    if (!code) throw new Error('no code was mailed')

    const jar = createMemoryCookieJar()
    expect(await b.backend.auth.verifyCode(contextFor(jar), ADMIN, code)).toMatchObject({ ok: true, user: { email: ADMIN } })
    const cookies = Object.fromEntries(jar.getAll().map((c) => [c.name, c.value]))
    expect(await a.backend.auth.getUser(contextFor(createMemoryCookieJar(cookies)))).toEqual({
      id: expect.any(String),
      email: ADMIN,
      sessionId: expect.any(String),
    })
    expect(await b.backend.auth.getUser(contextFor(createMemoryCookieJar(cookies)))).toEqual({
      id: expect.any(String),
      email: ADMIN,
      sessionId: expect.any(String),
    })

    await a.backend.auth.signOut(contextFor(createMemoryCookieJar(cookies)))
    expect(await b.backend.auth.getUser(contextFor(createMemoryCookieJar(cookies)))).toBeNull()
  })

  it('serves from one instance a file uploaded through the other, and removes it for both', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255])
    const name = `hero-tr-banner-${Date.now()}.png`
    expect(await a.backend.storage.upload({ name, bytes, contentType: 'image/png', cacheControlSeconds: 3600 })).toEqual({
      publicUrl: `/uploads/${name}`,
    })
    expect(await b.backend.storage.read(name)).toEqual({ bytes, contentType: 'image/png', cacheControlSeconds: 3600 })
    // The name is taken for both.
    await expect(
      b.backend.storage.upload({ name, bytes: new Uint8Array([1]), contentType: 'image/png', cacheControlSeconds: 60 }),
    ).rejects.toThrow(/already exists/)

    const removed = await b.backend.storage.removeUnused({ keepUrls: [], storedBefore: new Date(Date.now() + 60_000) })
    expect(removed).toEqual([name])
    expect(await a.backend.storage.read(name)).toBeNull()
  })

  it('tells subscribers on one instance of a banner saved through the other within 2 seconds', async () => {
    const heard: BannerChange[] = []
    const unsubscribe = b.backend.banners.subscribe((change) => heard.push(change))
    try {
      const [saved] = await a.backend.banners.upsert([{ key: 'en-banner', imageUrl: `/uploads/from-a-${Date.now()}.png` }])
      await vi.waitFor(
        () => expect(heard).toEqual([{ key: 'en-banner', imageUrl: saved!.imageUrl, updatedAt: saved!.updatedAt }]),
        { timeout: 2_000, interval: 20 },
      )
      // And a change made by hand in SQL, by neither instance.
      await a.db.query("update public.hero_settings set image_url = '/uploads/by-hand.png' where key = 'tr-banner'")
      await vi.waitFor(
        () => expect(heard.map((c) => [c.key, c.imageUrl])).toContainEqual(['tr-banner', '/uploads/by-hand.png']),
        {
          timeout: 2_000,
          interval: 20,
        },
      )
      expect((await b.backend.banners.getPublic('tr-banner'))?.imageUrl).toBe('/uploads/by-hand.png')
    } finally {
      unsubscribe()
    }
  })

  it('counts a rate limit over the hits sent to both', async () => {
    const key = `contactPerIp:203.0.113.${Math.floor(Math.random() * 250)}:${Date.now()}`
    const limit = { max: 2, windowSeconds: 600 }
    expect(await a.backend.rateLimits.hit(key, limit)).toBe(0)
    expect(await b.backend.rateLimits.hit(key, limit)).toBe(0)
    expect(await a.backend.rateLimits.hit(key, limit)).toBeGreaterThan(590)
    expect(await b.backend.rateLimits.check(key, limit)).toBeGreaterThan(590)
  })
})

describe('migrations on two databases of one server', () => {
  it('apply at once, though the roles they create belong to the whole server', async () => {
    const databases = await Promise.all([createPlainDatabase(), createPlainDatabase()])
    const dbs = databases.map((d) => pgDatabase({ url: d.url, maxConnections: 1, applicationName: 'pusula-test' }))
    const role = `race_${process.pid}_${Date.now()}`
    // What the stand-in prelude does for anon and app_server, with time to race between the
    // check and the CREATE ROLE: each database's advisory lock cannot keep the other out.
    const createRole = {
      name: 'test/create-role.sql',
      sql: `do $$ begin
        if not exists (select from pg_roles where rolname = '${role}') then
          perform pg_sleep(0.3);
          create role ${role} nologin;
        end if;
      end $$`,
    }
    try {
      expect(await Promise.all(dbs.map((db) => applyMigrations(db, [createRole])))).toEqual([
        ['test/create-role.sql'],
        ['test/create-role.sql'],
      ])
    } finally {
      await dbs[0]!.query(`drop role if exists ${role}`).catch(() => undefined)
      await Promise.all(dbs.map((db) => db.close()))
      await Promise.all(databases.map((d) => d.drop()))
    }
  })
})

describe('migration 0004 on a database of the old head', () => {
  it('renames embedded_auth to builtin_auth: the account is kept and the server role signs in', async () => {
    const database = await createPlainDatabase({ appRole: true })
    const owner = pgDatabase({ url: database.url, maxConnections: 1, applicationName: 'pusula-test' })
    const app = pgDatabase({ url: database.appUrl!, maxConnections: 1, applicationName: 'pusula-test' })
    try {
      await checkSchemaRename(owner, app)
    } finally {
      await Promise.all([owner.close(), app.close()])
      await database.drop()
    }
  })
})

describe('the server as a login role in app_server (docs/deployment.md)', () => {
  it('starts on a database its owner migrated, and lists and searches the messages', async () => {
    const database = await createPlainDatabase({ appRole: true })
    const dataDir = await tempDir()
    const owner = await openInstance(database.url, dataDir)
    await owner.backend.close()
    try {
      // Up to date, the app's role creates nothing: before, its CREATE SCHEMA IF NOT EXISTS was
      // refused ("permission denied for database"), and the server never opened.
      const app = await openInstance(database.appUrl!, dataDir)
      try {
        await app.backend.messages.create({ name: 'Ayşe Yılmaz', email: 'ayse@example.com', message: 'ERP hakkında.' })
        const page = await app.backend.messages.list({ status: 'all', search: 'yılmaz', page: 1, pageSize: 20 })
        expect(page.items.map((m) => m.name)).toEqual(['Ayşe Yılmaz'])
      } finally {
        await app.backend.close()
      }
      // A pending migration still needs the owner: the app's role is refused, nothing applied.
      const pending = pgDatabase({ url: database.appUrl!, maxConnections: 1, applicationName: 'pusula-test' })
      try {
        const later = { name: 'test/later.sql', sql: 'select 1' }
        await expect(applyMigrations(pending, [...MIGRATIONS, later])).rejects.toMatchObject({ code: '42501' })
      } finally {
        await pending.close()
      }
    } finally {
      await database.drop()
      await fs.rm(dataDir, { recursive: true, force: true })
    }
  })
})
