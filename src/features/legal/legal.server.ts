import { getRequest } from '@tanstack/react-start/server'
import { cookiesInUse } from '~/lib/cookies'
import { type ServerEnv, serverEnv } from '~/lib/env.server'
import { requestOrigin } from '~/lib/forwarded.server'
import { LIMITS } from '~/lib/limits'
import type { LegalFacts } from './legal.schemas'

const DAY_SECONDS = 24 * 60 * 60

/** The configured facts the legal pages state, read from the environment the server runs with. */
export function legalFacts(env: ServerEnv): Omit<LegalFacts, 'origin'> {
  const setting = {
    secure: env.secureCookies,
    supabaseUrl: env.backend.kind === 'supabase' ? env.backend.url : null,
  }
  return {
    messageRetentionDays: env.messageRetentionDays,
    ipRetentionDays: env.ipRetentionDays,
    sessionMaxDays: LIMITS.auth.sessionMaxSeconds / DAY_SECONDS,
    sessionIdleHours: LIMITS.auth.sessionIdleSeconds / 3600,
    providersAbroad: env.providersAbroad,
    supabase: env.backend.kind === 'supabase',
    cookies: cookiesInUse(setting).map((cookie) => ({
      id: cookie.id,
      names: cookie.names(setting),
      maxAgeSeconds: cookie.maxAgeSeconds,
      audience: cookie.audience,
      necessary: cookie.necessary,
    })),
  }
}

/** The facts and the origin of the current request (SITE_URL when set). */
export function currentLegalFacts(): LegalFacts {
  const env = serverEnv()
  let origin: string | null = null
  try {
    // Not getRequestUrl(): it believes X-Forwarded-Proto from anyone.
    origin = requestOrigin(getRequest(), env)
  } catch {}
  return { origin, ...legalFacts(env) }
}
