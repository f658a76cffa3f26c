/** Sign-in with a one-time e-mail code through Supabase Auth, with the session kept in the request's
 * HttpOnly cookies by @supabase/ssr. Every call uses the anon key: the service role never acts for
 * a visitor. Who is an admin is the database's admin list (`isAdmin`). */
import type { User } from '@supabase/supabase-js'
import type { AuthService, RequestContext } from '../backend'
import { type AuthUser, normalizeEmail } from '~/domain/accounts'
import { authFailure, isUnavailable } from './auth-errors.server'
import { createOtpClient, createServiceClient, createSessionClient, visitorCall } from './clients.server'
import type { SupabaseBackendOptions } from './options.server'
import { clearSessionCookies, hasSessionCookie, sessionStorageKey, type CookieWrites } from './session-cookies.server'
import { log } from '~/lib/log.server'
import { createSupabaseSessions } from './supabase-sessions.server'

export class SupabaseAuthUnavailableError extends Error {
  override name = 'SupabaseAuthUnavailableError'
}

function toAuthUser(user: User): AuthUser | null {
  // Only e-mail accounts can sign in here; a user without an address is no one to us.
  return user.email ? { id: user.id, email: user.email.toLowerCase() } : null
}

export function createAuthService(options: SupabaseBackendOptions, isAdmin: (email: string) => Promise<boolean>): AuthService {
  const storageKey = sessionStorageKey(options.url)

  /** `forVisitor`: the call GoTrue limits per address (/verify) says whose address it is. */
  function session(ctx: RequestContext, forVisitor = false) {
    const writes: CookieWrites = new Map()
    const call = visitorCall(options, forVisitor ? ctx.clientAddress : undefined)
    return { client: createSessionClient(options, storageKey, ctx.cookies, writes, call), writes }
  }

  const service: AuthService = {
    async sendCode(email, from) {
      const otp = createOtpClient(options, visitorCall(options, from?.clientAddress))
      const { error } = await otp.auth.signInWithOtp({
        email: normalizeEmail(email),
        options: { shouldCreateUser: false },
      })
      return error ? authFailure(error, 'unavailable') : { ok: true }
    },

    async verifyCode(ctx, email, code) {
      const { client } = session(ctx, true)
      // Codes are often pasted with the spaces a mail client shows between digit groups.
      const token = code.replace(/\s+/g, '')
      const { data, error } = await client.auth.verifyOtp({ email: normalizeEmail(email), token, type: 'email' })
      if (error) return authFailure(error, 'invalid_code')
      const user = data.user && data.session ? toAuthUser(data.user) : null
      if (!user) return { ok: false, code: 'invalid_code', message: 'Supabase returned no session.' }
      // verifyOtp has written the session cookies by now (SIGNED_IN is awaited).
      return { ok: true, user }
    },

    async getUser(ctx) {
      // No session cookie, no question to ask the auth server.
      if (!hasSessionCookie(ctx.cookies, storageKey)) return null
      const { client } = session(ctx)
      // getUser (not getSession) validates the token with the auth server, refreshing an
      // expired one first; @supabase/ssr writes the new tokens to the jar.
      const { data, error } = await client.auth.getUser()
      if (error) {
        // A network or server fault says nothing about the session: keep the cookies and fail.
        if (isUnavailable(error)) throw new SupabaseAuthUnavailableError(error.message, { cause: error })
        return null
      }
      return toAuthUser(data.user)
    },

    async signOut(ctx) {
      const { client, writes } = session(ctx)
      // 'local' ends this session only (the embedded adapter's behaviour): the cookies go
      // first, then its refresh token is revoked. Other devices stay signed in.
      const { error } = await client.auth.signOut({ scope: 'local' })
      if (error && isUnavailable(error)) {
        log().warn({ err: error }, 'auth: Supabase sign-out could not revoke the session')
      }
      // Whatever Supabase answered, no session cookie survives this call.
      clearSessionCookies(ctx.cookies, storageKey, options.secureCookies, writes)
    },

    isAdmin,
    sessions: createSupabaseSessions({
      client: (ctx) => session(ctx).client,
      signOut: (ctx) => service.signOut(ctx),
      now: () => new Date(),
    }),

    async startVerifiedSession(ctx, email) {
      // A passkey proved who this is: the admin API makes a one-time link's token (no mail is
      // sent), and verifying its hash here starts a real Supabase session in the request's cookies.
      // Only members on the admin list have passkeys, and the team page gives each an account.
      const admin = createServiceClient(options)
      const link = await admin.auth.admin.generateLink({ type: 'magiclink', email: normalizeEmail(email) })
      if (link.error) return authFailure(link.error, 'unavailable')
      const { client } = session(ctx, true)
      const { data, error } = await client.auth.verifyOtp({ token_hash: link.data.properties.hashed_token, type: 'magiclink' })
      if (error) return authFailure(error, 'unavailable')
      const user = data.user && data.session ? toAuthUser(data.user) : null
      if (!user) return { ok: false, code: 'unavailable', message: 'Supabase returned no session.' }
      return { ok: true, user }
    },
  }
  return service
}
