/**
 * The app's own limits on sign-in, in front of either backend (Supabase has no per-code
 * attempt limit of its own). Counted in the database (Backend.rateLimits), so they survive
 * restarts and hold across server instances. See docs/decisions/021-rate-limits.md and 006.
 */
import { setResponseHeader } from '@tanstack/react-start/server'
import { AppError } from '~/lib/app-error'
import { LIMITS } from '~/lib/limits'
import { createDatabaseRateLimiter, type DatabaseRateLimiter } from '~/backend/rate-limiter.server'
import { m } from '~/paraglide/messages'

const limiters = {
  sendCodePerIp: createDatabaseRateLimiter(LIMITS.rate.sendCodePerIp),
  sendCodePerEmail: createDatabaseRateLimiter(LIMITS.rate.sendCodePerEmail),
  verifyPerIp: createDatabaseRateLimiter(LIMITS.rate.verifyPerIp),
  verifyPerEmail: createDatabaseRateLimiter(LIMITS.rate.verifyPerEmail),
}

function tooMany(seconds: number): AppError {
  setResponseHeader('retry-after', String(seconds))
  return new AppError(429, 'rate_limited', m.login_error_rate_limited({ seconds }), undefined, seconds)
}

/** Counts one hit on every key, or none when any of them is already over its limit. */
async function hitAll(entries: [DatabaseRateLimiter, string][]): Promise<void> {
  const waits = await Promise.all(entries.map(([limiter, key]) => limiter.check(key)))
  const wait = Math.max(0, ...waits)
  if (wait > 0) throw tooMany(wait)
  // Two requests may pass the check together; the store still lets only `max` hits in.
  const late = Math.max(0, ...(await Promise.all(entries.map(([limiter, key]) => limiter.hit(key)))))
  if (late > 0) throw tooMany(late)
}

/**
 * Before a code is sent: the address's limit counts every request; the e-mail's resend interval
 * is only checked here and counted once a code went out (recordCodeSent), so a mistyped or
 * unknown address never has to wait. The app knows the wait in seconds in every mode (Supabase
 * Auth's own throttle says it only in English prose).
 */
export async function limitSendCode(ip: string, email: string): Promise<void> {
  const wait = await limiters.sendCodePerEmail.check(email.toLowerCase())
  if (wait > 0) throw resendWait(wait)
  await hitAll([[limiters.sendCodePerIp, ip]])
}

export async function recordCodeSent(email: string): Promise<void> {
  await limiters.sendCodePerEmail.hit(email.toLowerCase())
}

function resendWait(seconds: number): AppError {
  setResponseHeader('retry-after', String(seconds))
  return new AppError(429, 'rate_limited', m.login_error_resend_wait({ seconds }), undefined, seconds)
}

export async function limitVerify(ip: string, email: string): Promise<void> {
  await hitAll([
    [limiters.verifyPerIp, ip],
    [limiters.verifyPerEmail, email.toLowerCase()],
  ])
}

/** A successful sign-in clears the address's failed tries (the IP's stay counted). */
export async function forgetVerifyTries(email: string): Promise<void> {
  await limiters.verifyPerEmail.reset(email.toLowerCase())
}
