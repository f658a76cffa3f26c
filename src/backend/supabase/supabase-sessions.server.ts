/** 'Oturumlar' beside Supabase Auth: it has no per-session list for a user, so only the asking
 * session is listed; 'Diğer Tüm Oturumları Kapat' is its signOut with scope 'others'
 * (docs/decisions/234-staff-sessions.md). */
import type { RequestContext } from '../backend'
import type { SessionService, StaffSession } from '../staff-sessions'
import type { Db } from './clients.server'
import { isUnavailable } from './auth-errors.server'
import { SupabaseAuthUnavailableError } from './supabase-auth-service.server'
import { approximateAddress } from '~/domain/activity'

interface Claims {
  session_id?: string
  amr?: { timestamp?: number }[]
}

/** The access token's claims: read only after getUser had the auth server validate that very token. */
function claimsOf(token: string): Claims {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Claims
  } catch {
    return {}
  }
}

export function createSupabaseSessions(deps: {
  client: (ctx: RequestContext) => Db
  signOut: (ctx: RequestContext) => Promise<void>
  now: () => Date
}): SessionService {
  async function currentSession(ctx: RequestContext, client: Db): Promise<StaffSession | null> {
    const { data, error } = await client.auth.getUser()
    if (error) {
      if (isUnavailable(error)) throw new SupabaseAuthUnavailableError(error.message, { cause: error })
      return null
    }
    const { data: stored } = await client.auth.getSession()
    const claims = stored.session ? claimsOf(stored.session.access_token) : {}
    const signedInAt = claims.amr?.[0]?.timestamp
    return {
      id: claims.session_id ?? 'current',
      userAgent: ctx.userAgent?.slice(0, 512) || null,
      place: approximateAddress(ctx.clientAddress),
      createdAt: signedInAt ? new Date(signedInAt * 1000).toISOString() : (data.user.last_sign_in_at ?? deps.now().toISOString()),
      lastActiveAt: deps.now().toISOString(),
      current: true,
    }
  }

  return {
    listsAll: false,
    async list(ctx) {
      const current = await currentSession(ctx, deps.client(ctx))
      return current ? [current] : null
    },
    async end(ctx, id) {
      const current = await currentSession(ctx, deps.client(ctx))
      if (!current || current.id !== id) return null
      await deps.signOut(ctx)
      return 'current'
    },
    async endOthers(ctx) {
      const client = deps.client(ctx)
      if (!(await currentSession(ctx, client))) return 0
      // Revokes the other sessions' refresh tokens; their access tokens are refused by getUser.
      const { error } = await client.auth.signOut({ scope: 'others' })
      if (error) throw isUnavailable(error) ? new SupabaseAuthUnavailableError(error.message, { cause: error }) : error
      return null
    },
  }
}
