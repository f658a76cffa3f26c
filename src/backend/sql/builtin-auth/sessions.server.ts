/** Server-side sessions behind an opaque, httpOnly cookie. The database keeps only the token's hash;
 * a session ends after LIMITS.auth.sessionIdleSeconds without the person's own action
 * (ctx.activity) or LIMITS.auth.sessionMaxSeconds after sign-in, whichever comes first. */
import type { CookieOptions, RequestContext } from '../../backend'
import type { SessionService, StaffSession } from '../../staff-sessions'
import type { AuthUser } from '~/domain/accounts'
import { approximateAddress } from '~/domain/activity'
import { SESSION_COOKIE, builtinSessionCookieName } from '~/lib/cookies'
import { LIMITS } from '~/lib/limits'
import type { Sql } from '../client'
import { hashToken, newToken } from './secrets.server'

/** The name and lifetime come from the site's one list of cookies, which the cookie policy shows. */
export const sessionCookieName = builtinSessionCookieName

/** last_seen_at is written at most this often, so page views do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000

interface SessionRow {
  id: string
  user_id: string
  email: string
  last_seen_at: Date
  expires_at: Date
}

export interface SessionManager extends SessionService {
  /** Starts a session, ending the one this browser had (deleted, whoever it was). */
  start(ctx: RequestContext, userId: string): Promise<void>
  current(ctx: RequestContext): Promise<AuthUser | null>
  /** Ends the request's own session (signing out). */
  endCurrent(ctx: RequestContext): Promise<void>
}

interface ListedRow {
  id: string
  user_agent: string | null
  place: string | null
  created_at: Date
  last_seen_at: Date
  current: boolean
}

const USER_AGENT_MAX = 512

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

  const manager: SessionManager = {
    async start(ctx, userId) {
      const now = options.now()
      const token = newToken()
      const expiresAt = new Date(now.getTime() + LIMITS.auth.sessionMaxSeconds * 1000)
      const idleBefore = new Date(now.getTime() - LIMITS.auth.sessionIdleSeconds * 1000)
      const previous = readToken(ctx)
      await db.transaction(async (tx) => {
        if (previous) await tx.query('delete from builtin_auth.sessions where token_hash = $1', [hashToken(previous)])
        // Housekeeping for this user only: their expired sessions would never be looked up again.
        await tx.query('delete from builtin_auth.sessions where user_id = $1 and (expires_at <= $2 or last_seen_at <= $3)', [
          userId,
          now,
          idleBefore,
        ])
        await tx.query(
          `insert into builtin_auth.sessions (token_hash, user_id, created_at, last_seen_at, expires_at, user_agent, place)
           values ($1, $2, $3, $3, $4, $5, $6)`,
          [
            hashToken(token),
            userId,
            now,
            expiresAt,
            ctx.userAgent?.slice(0, USER_AGENT_MAX) || null,
            approximateAddress(ctx.clientAddress),
          ],
        )
      })
      ctx.cookies.set(name, token, cookieOptions(SESSION_COOKIE.maxAgeSeconds))
    },

    async current(ctx) {
      const token = readToken(ctx)
      if (!token) return null
      const tokenHash = hashToken(token)
      const { rows } = await db.query<SessionRow>(
        `select s.id, s.user_id, u.email, s.last_seen_at, s.expires_at
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
      // Live streams and background refreshes say nothing of whether the person is still there.
      if (ctx.activity !== false && now - session.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) {
        await db.query('update builtin_auth.sessions set last_seen_at = $2 where token_hash = $1', [tokenHash, new Date(now)])
      }
      return { id: session.user_id, email: session.email, sessionId: session.id }
    },

    async endCurrent(ctx) {
      const token = readToken(ctx)
      if (token) await db.query('delete from builtin_auth.sessions where token_hash = $1', [hashToken(token)])
      clear(ctx)
    },

    listsAll: true,

    async list(ctx) {
      const user = await manager.current({ ...ctx, activity: false })
      if (!user) return null
      const now = options.now().getTime()
      const { rows } = await db.query<ListedRow>(
        `select id, user_agent, place, created_at, last_seen_at, token_hash = $2 as current
         from builtin_auth.sessions
         where user_id = $1 and expires_at > $3 and last_seen_at > $4
         order by token_hash = $2 desc, last_seen_at desc, id`,
        [user.id, hashToken(readToken(ctx) ?? ''), new Date(now), new Date(now - LIMITS.auth.sessionIdleSeconds * 1000)],
      )
      return rows.map(
        (row): StaffSession => ({
          id: row.id,
          userAgent: row.user_agent,
          place: row.place,
          createdAt: row.created_at.toISOString(),
          lastActiveAt: row.last_seen_at.toISOString(),
          current: row.current,
        }),
      )
    },

    async end(ctx, id) {
      const user = await manager.current(ctx)
      if (!user) return null
      if (id === user.sessionId) {
        await manager.endCurrent(ctx)
        return 'current'
      }
      // The id is compared as text: anything that is not one of the person's own ids matches nothing.
      const { rowCount } = await db.query('delete from builtin_auth.sessions where user_id = $1 and id::text = $2', [user.id, id])
      return rowCount > 0 ? 'other' : null
    },

    async endOthers(ctx) {
      const user = await manager.current(ctx)
      if (!user) return 0
      const { rowCount } = await db.query('delete from builtin_auth.sessions where user_id = $1 and id <> $2', [
        user.id,
        user.sessionId,
      ])
      return rowCount
    },
  }
  return manager
}
