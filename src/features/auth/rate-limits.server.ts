/**
 * The app's own limits on sign-in, in front of either backend (Supabase has no per-code
 * attempt limit of its own). Counted in the database (Backend.rateLimits), so they survive
 * restarts and hold across server instances. See docs/decisions/021-rate-limits.md, 006 and 231:
 * nothing is counted against an address alone, so nobody elsewhere can block its sign-in.
 */
import { createHash } from 'node:crypto'
import { normalizeEmail } from '~/domain/accounts'
import { rateLimitedError } from '~/lib/app-error'
import { hitAll, rateLimiter } from '~/backend/rate-limiter.server'
import { m } from '~/paraglide/messages'

const limiters = {
  sendCodePerIp: rateLimiter('sendCodePerIp'),
  sendCodePerBrowserEmail: rateLimiter('sendCodePerBrowserEmail'),
  verifyPerIp: rateLimiter('verifyPerIp'),
  verifyPerBrowser: rateLimiter('verifyPerBrowser'),
  verifyPerBrowserEmail: rateLimiter('verifyPerBrowserEmail'),
  signInFailuresPerEmail: rateLimiter('signInFailuresPerEmail'),
  signInFailureAlert: rateLimiter('signInFailureAlert'),
}

/** The browser as keys name it: a hash, so the stored keys cannot be replayed as the cookie. */
const browserKey = (browser: string | null) =>
  browser ? createHash('sha256').update(browser).digest('hex').slice(0, 32) : 'none'
/** Ends with `:address`, as every key naming an address (one person's export and erasure find it). */
const pairKey = (browser: string | null, email: string) => `${browserKey(browser)}:${normalizeEmail(email)}`

/** The sign-in's 429, thrown while there is a wait. */
function refuseWhileWaiting(seconds: number): void {
  if (seconds > 0) throw rateLimitedError(m.login_error_rate_limited({ seconds }), seconds)
}

/**
 * Before a code is sent: the address's limit counts every request; the resend interval (per
 * e-mail and browser) is only checked here and counted once a code went out (recordCodeSent), so
 * a mistyped or unknown address never has to wait. The app knows the wait in seconds in every
 * mode (Supabase Auth's own throttle says it only in English prose).
 */
export async function limitSendCode(ip: string, browser: string, email: string): Promise<void> {
  const wait = await limiters.sendCodePerBrowserEmail.check(pairKey(browser, email))
  if (wait > 0) throw rateLimitedError(m.login_error_resend_wait({ seconds: wait }), wait)
  refuseWhileWaiting(await hitAll([[limiters.sendCodePerIp, ip]]))
}

export async function recordCodeSent(browser: string, email: string): Promise<void> {
  await limiters.sendCodePerBrowserEmail.hit(pairKey(browser, email))
}

/** Every try counts against the address (IP or IPv6 /64), the browser and the address-and-browser pair. */
export async function limitVerify(ip: string, browser: string | null, email: string): Promise<void> {
  refuseWhileWaiting(
    await hitAll([
      [limiters.verifyPerIp, ip],
      [limiters.verifyPerBrowser, browserKey(browser)],
      [limiters.verifyPerBrowserEmail, pairKey(browser, email)],
    ]),
  )
}

/** A successful sign-in clears this browser's failed tries for the address and the address's run of failures. */
export async function forgetVerifyTries(browser: string | null, email: string): Promise<void> {
  const address = normalizeEmail(email)
  await Promise.all([
    limiters.verifyPerBrowserEmail.reset(pairKey(browser, email)),
    limiters.signInFailuresPerEmail.reset(address),
    limiters.signInFailureAlert.reset(address),
  ])
}

/**
 * Counts a wrong code for the address, from anywhere. True once, when the run reaches
 * LIMITS.rate.signInFailuresPerEmail.max: the owners are to be told (again only after a sign-in).
 */
export async function recordWrongCode(email: string): Promise<boolean> {
  const address = normalizeEmail(email)
  await limiters.signInFailuresPerEmail.hit(address)
  if ((await limiters.signInFailuresPerEmail.check(address)) === 0) return false
  return (await limiters.signInFailureAlert.hit(address)) === 0
}
