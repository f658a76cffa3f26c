/**
 * The app's own limits on sign-in, in front of either backend (Supabase has no per-code
 * attempt limit of its own). See docs/decisions/021-rate-limits.md.
 */
import { setResponseHeader } from '@tanstack/react-start/server'
import { AppError } from '~/lib/app-error'
import { LIMITS } from '~/lib/limits'
import { createRateLimiter, type RateLimiter } from '~/lib/rate-limit.server'
import { m } from '~/paraglide/messages'

const limiters = {
  sendCodePerIp: createRateLimiter(LIMITS.rate.sendCodePerIp),
  verifyPerIp: createRateLimiter(LIMITS.rate.verifyPerIp),
  verifyPerEmail: createRateLimiter(LIMITS.rate.verifyPerEmail),
}

function tooMany(seconds: number): AppError {
  setResponseHeader('retry-after', String(seconds))
  return new AppError(429, 'rate_limited', m.login_error_rate_limited({ seconds }))
}

/** Counts one hit on every key, or none when any of them is already over its limit. */
function hitAll(entries: [RateLimiter, string][]): void {
  const wait = Math.max(0, ...entries.map(([limiter, key]) => limiter.check(key)))
  if (wait > 0) throw tooMany(wait)
  for (const [limiter, key] of entries) limiter.hit(key)
}

export function limitSendCode(ip: string): void {
  hitAll([[limiters.sendCodePerIp, ip]])
}

export function limitVerify(ip: string, email: string): void {
  hitAll([
    [limiters.verifyPerIp, ip],
    [limiters.verifyPerEmail, email.toLowerCase()],
  ])
}

/** A successful sign-in clears the address's failed tries (the IP's stay counted). */
export function forgetVerifyTries(email: string): void {
  limiters.verifyPerEmail.reset(email.toLowerCase())
}
