/** The app's own limits on sign-in, in front of either backend (Supabase has no per-code attempt
 * limit of its own). Counted in the database (Backend.rateLimits), so they survive restarts and
 * hold across server instances. See docs/decisions/021-rate-limits.md and 006. */
import { normalizeEmail } from '~/domain/accounts'
import { rateLimitedError } from '~/lib/app-error'
import { hitAll, rateLimiter } from '~/backend/rate-limiter.server'
import { m } from '~/paraglide/messages'

const limiters = {
  sendCodePerIp: rateLimiter('sendCodePerIp'),
  sendCodePerEmail: rateLimiter('sendCodePerEmail'),
  verifyPerIp: rateLimiter('verifyPerIp'),
  verifyPerEmail: rateLimiter('verifyPerEmail'),
}

/** The sign-in's 429, thrown while there is a wait. */
function refuseWhileWaiting(seconds: number): void {
  if (seconds > 0) throw rateLimitedError(m.login_error_rate_limited({ seconds }), seconds)
}

/** Before a code is sent: the address's limit counts every request; the e-mail's resend interval is
 * only checked here and counted once a code went out (recordCodeSent), so a mistyped or unknown
 * address never has to wait. */
export async function limitSendCode(ip: string, email: string): Promise<void> {
  const wait = await limiters.sendCodePerEmail.check(normalizeEmail(email))
  if (wait > 0) throw rateLimitedError(m.login_error_resend_wait({ seconds: wait }), wait)
  refuseWhileWaiting(await hitAll([[limiters.sendCodePerIp, ip]]))
}

export async function recordCodeSent(email: string): Promise<void> {
  await limiters.sendCodePerEmail.hit(normalizeEmail(email))
}

export async function limitVerify(ip: string, email: string): Promise<void> {
  refuseWhileWaiting(
    await hitAll([
      [limiters.verifyPerIp, ip],
      [limiters.verifyPerEmail, normalizeEmail(email)],
    ]),
  )
}

/** A successful sign-in clears the address's failed tries (the IP's stay counted). */
export async function forgetVerifyTries(email: string): Promise<void> {
  await limiters.verifyPerEmail.reset(normalizeEmail(email))
}
