/**
 * The shared Backend contract against a real Supabase, for when one is at hand: a local stack
 * (`npx supabase start`; supabase/seed.sql creates admin@example.com and staff@example.com)
 * or a staging project with supabase/migrations applied, reached over HTTP (Auth, Storage) and
 * SQL (SUPABASE_TEST_DATABASE_URL, the server's login role; SUPABASE_TEST_DATABASE_LISTEN_URL
 * for LISTEN when that URL is a transaction pooler). It needs the network, so Vitest includes
 * this file only when SUPABASE_TEST_URL is set (vitest.config.ts, docs/supabase.md). Without an
 * outbox to read, the tests that need a mailed code are not registered.
 */
import { openSupabase } from '~/backend/supabase/open-supabase.server'
import { describeBackendContract } from './backend.contract'

const env = process.env

function required(name: string): string {
  const value = env[name]?.trim()
  if (!value)
    throw new Error(
      `${name} is not set: the live Supabase contract needs SUPABASE_TEST_URL, SUPABASE_TEST_ANON_KEY, SUPABASE_TEST_SERVICE_ROLE_KEY and SUPABASE_TEST_DATABASE_URL`,
    )
  return value
}

describeBackendContract(
  'supabase',
  async () => {
    const { backend } = await openSupabase({
      url: required('SUPABASE_TEST_URL'),
      anonKey: required('SUPABASE_TEST_ANON_KEY'),
      serviceRoleKey: required('SUPABASE_TEST_SERVICE_ROLE_KEY'),
      // The server's own login role (docs/supabase.md), so the contract also proves its grants.
      databaseUrl: required('SUPABASE_TEST_DATABASE_URL'),
      listenUrl: env.SUPABASE_TEST_DATABASE_LISTEN_URL?.trim() || undefined,
      secureCookies: false,
    })
    return {
      backend,
      adminEmail: env.SUPABASE_TEST_ADMIN_EMAIL?.trim() || 'admin@example.com',
      staffEmail: env.SUPABASE_TEST_STAFF_EMAIL?.trim() || 'staff@example.com',
      dispose: () => backend.close(),
    }
  },
  { readsMail: false, signsIn: true, storesFiles: true },
)
