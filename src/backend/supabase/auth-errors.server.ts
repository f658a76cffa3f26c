/** Supabase Auth errors in the contract's terms. The code drives the app's behaviour; the message
 * stays Supabase's own, since the login page shows an expected refusal's message as it comes
 * (docs/product.md#staff-sign-in). */
import { isAuthRetryableFetchError, type AuthError } from '@supabase/supabase-js'
import type { AuthErrorCode } from '../backend'

const USER_NOT_FOUND = new Set(['otp_disabled', 'signup_disabled', 'user_not_found', 'email_address_invalid'])
const INVALID_CODE = new Set(['otp_expired', 'invalid_credentials', 'bad_code_verifier'])

/** True when Supabase could not be reached or failed on its side: a fault, not an answer. */
export function isUnavailable(error: AuthError): boolean {
  const status = error.status ?? 0
  return isAuthRetryableFetchError(error) || status === 0 || status >= 500
}

export function authErrorCode(error: AuthError, fallback: AuthErrorCode): AuthErrorCode {
  if (isUnavailable(error)) return 'unavailable'
  const code = error.code ?? ''
  if (error.status === 429 || code.startsWith('over_')) return 'rate_limited'
  // With shouldCreateUser: false, an unknown address answers 422 otp_disabled ('Signups not
  // allowed for otp'); the code, never the English message, decides.
  if (USER_NOT_FOUND.has(code)) return 'user_not_found'
  // Supabase answers a wrong and an expired code alike ('Token has expired or is invalid').
  if (INVALID_CODE.has(code)) return 'invalid_code'
  return fallback
}

export function authFailure(error: AuthError, fallback: AuthErrorCode) {
  return { ok: false as const, code: authErrorCode(error, fallback), message: error.message }
}
