/**
 * The Supabase adapter of the Backend contract (src/backend/backend.ts). Chosen by
 * src/backend/index.server.ts when the SUPABASE_* variables are set.
 */
import type { Backend } from '../backend'
import { createAuthService } from './auth.server'
import { createBannerFeed } from './banner-feed.server'
import { createBannerStore } from './banners.server'
import { createServiceClient } from './clients.server'
import { createMessageStore } from './messages.server'
import type { SupabaseBackendOptions } from './options.server'
import { createRateLimitStore } from './rate-limits.server'
import { createFileStorage } from './storage.server'

export type { SupabaseBackendOptions } from './options.server'
export { SupabaseDataError } from './errors.server'
export { SupabaseAuthUnavailableError } from './auth.server'

export async function createSupabaseBackend(options: SupabaseBackendOptions): Promise<Backend> {
  // Nothing is fetched here: Supabase is reached on first use, so start-up never waits on it.
  const db = createServiceClient(options)
  const feed = createBannerFeed(db)
  return {
    kind: 'supabase',
    banners: createBannerStore(db, feed),
    messages: createMessageStore(db),
    auth: createAuthService(options, db),
    storage: createFileStorage(db),
    rateLimits: createRateLimitStore(db),
    close: () => feed.close(),
  }
}
