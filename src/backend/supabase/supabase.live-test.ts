/**
 * The shared Backend contract against a real Supabase, for when one is at hand: a local stack
 * (`npx supabase start`; supabase/seed.sql creates admin@example.com and staff@example.com)
 * or a staging project. It needs the network, so Vitest includes this file only when
 * SUPABASE_CONTRACT_URL is set (vitest.config.ts, docs/supabase.md). Without an outbox to read,
 * the tests that need a mailed code are not registered.
 */
import { describeBackendContract } from '../backend.contract'
import { createSupabaseBackend } from './index.server'

const env = process.env
const url = env.SUPABASE_CONTRACT_URL ?? ''

describeBackendContract(
  'supabase',
  async () => {
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
  },
  { readsMail: false },
)
