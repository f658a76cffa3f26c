/**
 * The supabase mode's data on a database set up as Supabase sets up a project today
 * (tests/support/test-database.ts: the platform prelude, then supabase/migrations pushed as the
 * non-superuser `postgres`), reached the way the server reaches it: as a login role in
 * `app_server`, through openSupabase itself. The contract's data groups run with the exact
 * expectations they have everywhere else, which proves the server role can do every data
 * operation under those grants. Sign-in and files are Supabase Auth and Storage over HTTP (tested
 * on recorded requests in src/backend/supabase): here their groups are not registered, and any
 * HTTP request fails the run.
 */
import { describe, expect, it } from 'vitest'
import { missingTables } from '~/backend/sql/migrations.server'
import { pgDatabase } from '~/backend/sql/pg.server'
import { openSupabase } from '~/backend/supabase/open-supabase.server'
import { describeBackendContract } from '../backend/backend.contract'
import { createFakeFetch } from '../support/supabase-fake-fetch'
import { createSupabaseDatabase } from '../support/test-database'

const ADMIN = 'admin@example.com'
const STAFF = 'staff@example.com'

describeBackendContract(
  'supabase data (app_server on the Supabase platform)',
  async () => {
    const database = await createSupabaseDatabase()
    // The project's owner arranges what the app never does: the admin list, removed rows.
    const setup = pgDatabase({ url: database.postgresUrl, maxConnections: 2, applicationName: 'pusula-test-setup' })
    await setup.query('insert into public.admin_emails (email) values ($1)', [ADMIN])
    const fake = createFakeFetch()
    const { backend } = await openSupabase({
      url: 'https://abcdefghijklmnop.supabase.co',
      anonKey: 'test-anon-key',
      serviceRoleKey: 'test-service-role-key',
      secureCookies: false,
      fetch: fake.fetch,
      databaseUrl: database.appUrl,
    })
    return {
      backend,
      adminEmail: ADMIN,
      staffEmail: STAFF,
      setup,
      async dispose() {
        await backend.close()
        await setup.close()
        await database.drop()
        // The data went over SQL only.
        expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([])
      },
    }
  },
  { readsMail: false, signsIn: false, storesFiles: false },
)

describe('the premise of the run above', () => {
  it('connects as a member of app_server without superuser or bypassrls, which finds every table the app needs', async () => {
    const database = await createSupabaseDatabase()
    const db = pgDatabase({ url: database.appUrl, maxConnections: 1, applicationName: 'pusula-test' })
    try {
      const { rows } = await db.query<{ app_server: boolean; superuser: boolean; bypassrls: boolean }>(`
        select pg_has_role(current_user, 'app_server', 'member') as app_server, rolsuper as superuser,
               rolbypassrls as bypassrls
        from pg_roles where rolname = current_user`)
      expect(rows).toEqual([{ app_server: true, superuser: false, bypassrls: false }])
      expect(await missingTables(db)).toEqual([])
    } finally {
      await db.close()
      await database.drop()
    }
  })
})
