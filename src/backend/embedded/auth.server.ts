/**
 * The embedded AuthService: e-mail one-time codes (otp.server.ts) that open a cookie session
 * (sessions.server.ts). See docs/decisions/003-embedded-auth.md.
 */
import type { AuthService } from '../backend'
import type { Database } from './db.server'
import { createOtp, type OtpOptions } from './otp.server'
import { createSessionManager } from './sessions.server'
import { normalizeEmail } from './users.server'

export function createAuthService(db: Database, options: OtpOptions & { secureCookies: boolean }): AuthService {
  const otp = createOtp(db, options)
  const sessions = createSessionManager(db, options)
  return {
    sendCode: otp.send,

    async verifyCode(ctx, email, code) {
      const result = await otp.verify(email, code)
      if (result.ok) await sessions.start(ctx, result.user.id)
      return result
    },

    getUser: sessions.current,
    signOut: sessions.end,

    async isAdmin(email) {
      const { rows } = await db.query<{ admin: boolean }>(
        'select exists (select 1 from public.admin_emails where email = $1) as admin',
        [normalizeEmail(email)],
      )
      return rows[0]?.admin === true
    },
  }
}
