/** One-time sign-in codes, with the outcomes and messages of Supabase's email OTP (shouldCreateUser:
 * false) so both backends read the same to the login page, plus what Supabase leaves to
 * configuration: a per-code attempt limit and hashed storage. */
import type { AuthErrorCode, AuthFailure, AuthResult } from '../../backend'
import { type AuthUser, normalizeEmail } from '~/domain/accounts'
import { LIMITS } from '~/lib/limits'
import type { Sql } from '../client'
import type { CodeMailer } from '../../mail/mail-system.server'
import { hashCode, hashToken, newCode, sameHash } from './secrets.server'
import { findUserByEmail } from './users.server'
import { log } from '~/lib/log.server'

export const AUTH_MESSAGES = {
  userNotFound: 'Signups not allowed for otp',
  invalidCode: 'Token has expired or is invalid',
  tooManyAttempts: 'Too many wrong codes. Request a new code.',
  sendFailed: 'Error sending magic link email',
  rateLimited: (seconds: number) => `For security purposes, you can only request this after ${seconds} seconds.`,
} as const

const fail = (code: AuthErrorCode, message: string): AuthFailure => ({ ok: false, code, message })

interface CodeRow {
  id: number
  code_hash: string
  created_at: Date
  expires_at: Date
  attempts: number
  used: boolean
}

export interface OtpOptions {
  secret: Buffer
  /** Queues the code's mail in the code's own transaction (docs/decisions/090-mail.md). */
  mail: CodeMailer
  now: () => Date
  /** How long a code lives; LIMITS.auth.codeTtlSeconds unless a test shortens it. */
  codeTtlSeconds?: number
}

export function createOtp(db: Sql, options: OtpOptions) {
  // A code belongs to the address and the browser that asked (null: a caller without one, the CLI's tests).
  const latestCode = `select id, code_hash, created_at, expires_at, attempts, used from builtin_auth.otp_codes
                      where email = $1 and browser is not distinct from $2 order by created_at desc, id desc limit 1`

  /**
   * `codeBrowser`: the random id the asking browser keeps in an HttpOnly cookie. Another browser's
   * request neither retires this browser's code nor waits for its resend interval.
   */
  async function send(rawEmail: string, codeBrowser?: string | null): Promise<AuthResult<{ deliveryId?: string }>> {
    const email = normalizeEmail(rawEmail)
    const browser = codeBrowser ? hashToken(codeBrowser) : null
    const now = options.now()
    const code = newCode(LIMITS.auth.codeLength)
    const issued = await db.transaction(async (tx) => {
      // The user's row stays locked until commit: two quick requests, on any instance, pass the
      // throttle one after the other, so the second sees the first one's code.
      if (!(await findUserByEmail(tx, email, { lock: true }))) return fail('user_not_found', AUTH_MESSAGES.userNotFound)
      const latest = (await tx.query<CodeRow>(latestCode, [email, browser])).rows[0]
      const elapsedMs = latest ? now.getTime() - latest.created_at.getTime() : Infinity
      const intervalMs = LIMITS.auth.resendIntervalSeconds * 1000
      if (elapsedMs < intervalMs) {
        const retryAfterSeconds = Math.ceil((intervalMs - elapsedMs) / 1000)
        return { ...fail('rate_limited', AUTH_MESSAGES.rateLimited(retryAfterSeconds)), retryAfterSeconds }
      }
      // Only this browser's newest code counts: a new one retires its earlier ones, no other browser's.
      await tx.query('delete from builtin_auth.otp_codes where email = $1 and browser is not distinct from $2', [email, browser])
      const expiresAt = new Date(now.getTime() + (options.codeTtlSeconds ?? LIMITS.auth.codeTtlSeconds) * 1000)
      const { rows } = await tx.query<{ id: number }>(
        `insert into builtin_auth.otp_codes (email, code_hash, created_at, expires_at, browser)
         values ($1, $2, $3, $4, $5) returning id`,
        [email, hashCode(options.secret, email, code), now, expiresAt, browser],
      )
      // Its mail in the same transaction: a code is never stored without the mail that carries it.
      const mail = await options.mail.queue(tx, { to: email, code, now, deliverBy: expiresAt, browser })
      return { ok: true as const, id: rows[0]!.id, mail }
    })
    if (!issued.ok) return issued
    const outcome = await options.mail.dispatch(issued.mail)
    if (outcome === 'failed') {
      log().error('auth: could not send the sign-in e-mail')
      // The user never got this code: drop it so they may ask again at once.
      await options.mail.cancel(issued.mail.id)
      await db.query('delete from builtin_auth.otp_codes where id = $1', [issued.id])
      return fail('unavailable', AUTH_MESSAGES.sendFailed)
    }
    // Queued for an SMTP server: the login page can follow it and say when it is late.
    return outcome === 'queued' ? { ok: true, deliveryId: issued.mail.id } : { ok: true }
  }

  /** Only the code this browser asked for: one another browser asked for is no code here. */
  async function verify(rawEmail: string, rawCode: string, codeBrowser?: string | null): Promise<AuthResult<{ user: AuthUser }>> {
    const email = normalizeEmail(rawEmail)
    const browser = codeBrowser ? hashToken(codeBrowser) : null
    // People paste "123 456" from the e-mail; spaces are never part of a code.
    const code = rawCode.replace(/\s+/g, '')
    const now = options.now()
    return db.transaction(async (tx) => {
      // Locked like send(): concurrent guesses count one after another against the attempt limit.
      const user = await findUserByEmail(tx, email, { lock: true })
      const row = user ? (await tx.query<CodeRow>(latestCode, [email, browser])).rows[0] : undefined
      if (!user || !row || row.used) return fail('invalid_code', AUTH_MESSAGES.invalidCode)
      if (row.attempts >= LIMITS.auth.codeMaxAttempts) return fail('too_many_attempts', AUTH_MESSAGES.tooManyAttempts)
      if (now.getTime() >= row.expires_at.getTime()) return fail('code_expired', AUTH_MESSAGES.invalidCode)
      if (!sameHash(row.code_hash, hashCode(options.secret, email, code))) {
        const attempts = row.attempts + 1
        await tx.query('update builtin_auth.otp_codes set attempts = $2 where id = $1', [row.id, attempts])
        // The try that uses up the last attempt already says so: the user needs a new code.
        return attempts >= LIMITS.auth.codeMaxAttempts
          ? fail('too_many_attempts', AUTH_MESSAGES.tooManyAttempts)
          : fail('invalid_code', AUTH_MESSAGES.invalidCode)
      }
      await tx.query('update builtin_auth.otp_codes set used = true where id = $1', [row.id])
      return { ok: true as const, user }
    })
  }

  return { send, verify }
}
