/** Backend sign-in failures as AppErrors the login page can show: a stable `auth_*` code and a
 * message in the caller's language. Messages never say more than Supabase itself would (an unknown
 * address is "cannot send a code here", never "this user is not an admin"). */
import type { AuthFailure } from '~/backend/backend'
import { AppError, rateLimitedError } from '~/lib/app-error'
import { m } from '~/paraglide/messages'
import { log } from '~/lib/log.server'

export type AuthStep = 'send' | 'verify'

export function authFailureToAppError(step: AuthStep, failure: AuthFailure): AppError {
  switch (failure.code) {
    case 'user_not_found':
      return new AppError(422, 'auth_user_not_found', m.login_error_user_not_found())
    case 'invalid_code':
      return new AppError(400, 'auth_invalid_code', m.login_error_invalid_code())
    case 'code_expired':
      return new AppError(400, 'auth_code_expired', m.login_error_code_expired())
    case 'too_many_attempts':
      return new AppError(400, 'auth_too_many_attempts', m.login_error_too_many_attempts())
    case 'rate_limited': {
      const seconds = failure.retryAfterSeconds
      return seconds === undefined
        ? rateLimitedError(m.error_rate_limited())
        : rateLimitedError(m.login_error_resend_wait({ seconds }), seconds)
    }
    case 'unavailable':
      // A fault, not an answer: the login page's texts for an unexpected failure
      // (docs/product.md#staff-sign-in).
      log().error({ step, code: failure.code, reason: failure.message }, 'auth: a step failed')
      return new AppError(503, 'auth_unavailable', step === 'send' ? m.login_error_send_failed() : m.login_error_verify_failed())
  }
}
