/**
 * The shared Backend contract against a real Supabase, for when one is at hand: a local stack
 * (`npx supabase start`; supabase/seed.sql creates admin@example.com and staff@example.com)
 * or a staging project. It needs the network, so it is skipped unless SUPABASE_CONTRACT_URL
 * is set (docs/supabase.md). Without an outbox the tests that need a mailed code skip themselves.
 */
import { describe } from 'vitest'
import { describeBackendContract } from '../backend.contract'
import { createSupabaseBackend } from './index.server'

const env = process.env
const url = env.SUPABASE_CONTRACT_URL ?? ''

describe.skipIf(url === '')('Supabase (set SUPABASE_CONTRACT_URL to run)', () => {
  describeBackendContract('supabase', async () => {
    const backend = await createSupabaseBackend({
      url,
      anonKey: env.SUPABASE_CONTRACT_ANON_KEY ?? '',
      serviceRoleKey: env.SUPABASE_CONTRACT_SERVICE_ROLE_KEY ?? '',
      secureCookies: false,
    })
    return {
      backend,
      adminEmail: env.SUPABASE_CONTRACT_ADMIN_EMAIL ?? 'admin@example.com',
      staffEmail: env.SUPABASE_CONTRACT_STAFF_EMAIL ?? 'staff@example.com',
      dispose: () => backend.close(),
    }
  })
})
