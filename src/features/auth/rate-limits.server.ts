/** The app's own sign-in limits, counted in the database so they hold across restarts and instances
 * (decisions 021, 231); nothing counts against an address alone, so nobody can block its sign-in. */
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

/** Before a code is sent: the address's limit counts every request; the resend interval is only
 * counted once a code went out (recordCodeSent), so a mistyped address never has to wait. */
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

/** Counts a wrong code for the address; true once, when the run reaches the limit and the owners are to be told. */
export async function recordWrongCode(email: string): Promise<boolean> {
  const address = normalizeEmail(email)
  await limiters.signInFailuresPerEmail.hit(address)
  if ((await limiters.signInFailuresPerEmail.check(address)) === 0) return false
  return (await limiters.signInFailureAlert.hit(address)) === 0
}
