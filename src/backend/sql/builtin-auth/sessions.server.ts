/** Server-side sessions behind an opaque, httpOnly cookie. The database keeps only the token's hash;
 * a session ends after LIMITS.auth.sessionIdleSeconds without a request or
 * LIMITS.auth.sessionMaxSeconds after sign-in, whichever comes first. */
import type { CookieOptions, RequestContext } from '../../backend'
import type { AuthUser } from '~/domain/accounts'
import { SESSION_COOKIE, builtinSessionCookieName } from '~/lib/cookies'
import { LIMITS } from '~/lib/limits'
import type { Sql } from '../client'
import { hashToken, newToken } from './secrets.server'

/** The name and lifetime come from the site's one list of cookies, which the cookie policy shows. */
export const sessionCookieName = builtinSessionCookieName

/** last_seen_at is written at most this often, so page views do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000

interface SessionRow {
  user_id: string
  email: string
  last_seen_at: Date
  expires_at: Date
}

export interface SessionManager {
  start(ctx: RequestContext, userId: string): Promise<void>
  current(ctx: RequestContext): Promise<AuthUser | null>
  end(ctx: RequestContext): Promise<void>
}

export function createSessionManager(db: Sql, options: { secureCookies: boolean; now: () => Date }): SessionManager {
  const name = sessionCookieName(options.secureCookies)
  const cookieOptions = (maxAge: number): CookieOptions => ({
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secureCookies,
    path: '/',
    maxAge,
  })
  const readToken = (ctx: RequestContext) => ctx.cookies.getAll().find((c) => c.name === name)?.value || null
  const clear = (ctx: RequestContext) => ctx.cookies.set(name, '', cookieOptions(0))

  return {
    async start(ctx, userId) {
      const now = options.now()
      const token = newToken()
      const expiresAt = new Date(now.getTime() + LIMITS.auth.sessionMaxSeconds * 1000)
      const idleBefore = new Date(now.getTime() - LIMITS.auth.sessionIdleSeconds * 1000)
      await db.transaction(async (tx) => {
        // Housekeeping for this user only: their expired sessions would never be looked up again.
        await tx.query('delete from builtin_auth.sessions where user_id = $1 and (expires_at <= $2 or last_seen_at <= $3)', [
          userId,
          now,
          idleBefore,
        ])
        await tx.query(
          `insert into builtin_auth.sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
           values ($1, $2, $3, $3, $4)`,
          [hashToken(token), userId, now, expiresAt],
        )
      })
      ctx.cookies.set(name, token, cookieOptions(SESSION_COOKIE.maxAgeSeconds))
    },

    async current(ctx) {
      const token = readToken(ctx)
      if (!token) return null
      const tokenHash = hashToken(token)
      const { rows } = await db.query<SessionRow>(
        `select s.user_id, u.email, s.last_seen_at, s.expires_at
         from builtin_auth.sessions s join builtin_auth.users u on u.id = s.user_id
         where s.token_hash = $1`,
        [tokenHash],
      )
      const session = rows[0]
      const now = options.now().getTime()
      const idle = session && now - session.last_seen_at.getTime() >= LIMITS.auth.sessionIdleSeconds * 1000
      if (!session || idle || now >= session.expires_at.getTime()) {
        if (session) await db.query('delete from builtin_auth.sessions where token_hash = $1', [tokenHash])
        clear(ctx)
        return null
      }
      if (now - session.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) {
        await db.query('update builtin_auth.sessions set last_seen_at = $2 where token_hash = $1', [tokenHash, new Date(now)])
      }
      return { id: session.user_id, email: session.email }
    },

    async end(ctx) {
      const token = readToken(ctx)
      if (token) await db.query('delete from builtin_auth.sessions where token_hash = $1', [hashToken(token)])
      clear(ctx)
    },
  }
}
