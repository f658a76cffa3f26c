/** The built-in AuthService of the embedded and postgres modes: e-mail one-time codes
 * (otp.server.ts) that open a cookie session (sessions.server.ts), both kept in the database, so a
 * session started through one server instance is valid on every other (decision 075). */
import type { AuthService } from '../../backend'
import { isAdminEmail } from '../admins.server'
import type { Sql } from '../client'
import { createOtp, type OtpOptions } from './otp.server'
import { createSessionManager } from './sessions.server'
import { findUserByEmail } from './users.server'

export function createBuiltinAuthService(db: Sql, options: OtpOptions & { secureCookies: boolean }): AuthService {
  const otp = createOtp(db, options)
  const sessions = createSessionManager(db, options)
  return {
    sendCode: (email, from) => otp.send(email, from?.codeBrowser),

    async verifyCode(ctx, email, code) {
      const result = await otp.verify(email, code, ctx.codeBrowser)
      if (result.ok) await sessions.start(ctx, result.user.id)
      return result
    },

    getUser: sessions.current,
    signOut: sessions.endCurrent,
    isAdmin: (email) => isAdminEmail(db, email),
    sessions,

    async startVerifiedSession(ctx, email) {
      const user = await findUserByEmail(db, email)
      if (!user) return { ok: false, code: 'user_not_found', message: 'No account for this address.' }
      await sessions.start(ctx, user.id)
      return { ok: true, user }
    },
  }
}
