/**
 * The shared Backend contract against a real Supabase, for when one is at hand: a local stack
 * (`npx supabase start`; supabase/seed.sql creates admin@example.com and staff@example.com)
 * or a staging project with supabase/migrations applied. It needs the network, so Vitest includes
 * this file only when SUPABASE_TEST_URL is set (vitest.config.ts, docs/supabase.md). Without an
 * outbox to read, the tests that need a mailed code are not registered.
 */
import { describeBackendContract } from '../backend.contract'
import { createSupabaseBackend } from './index.server'

const env = process.env

function required(name: string): string {
  const value = env[name]?.trim()
  if (!value)
    throw new Error(
      `${name} is not set: the live Supabase contract needs SUPABASE_TEST_URL, SUPABASE_TEST_ANON_KEY and SUPABASE_TEST_SERVICE_ROLE_KEY`,
    )
  return value
}

describeBackendContract(
  'supabase',
  async () => {
    const backend = await createSupabaseBackend({
      url: required('SUPABASE_TEST_URL'),
      anonKey: required('SUPABASE_TEST_ANON_KEY'),
      serviceRoleKey: required('SUPABASE_TEST_SERVICE_ROLE_KEY'),
      secureCookies: false,
    })
    return {
      backend,
      adminEmail: env.SUPABASE_TEST_ADMIN_EMAIL?.trim() || 'admin@example.com',
      staffEmail: env.SUPABASE_TEST_STAFF_EMAIL?.trim() || 'staff@example.com',
      dispose: () => backend.close(),
    }
  },
  { readsMail: false },
)
