import { toast } from '~/components/ui/toaster'
import { describeError } from '~/lib/app-error'
import { m } from '~/paraglide/messages'

/** Codes the server uses for answers (as opposed to faults) on the sign-in steps. */
const ANSWERS = new Set([
  'bad_request',
  'rate_limited',
  'auth_user_not_found',
  'auth_invalid_code',
  'auth_code_expired',
  'auth_too_many_attempts',
])

/** Shows why a step failed: the backend's (localized) message under 'Hata', 'Yetkisiz Erişim' for a
 * verified non-admin, and the step's own text for anything unexpected (network down, server fault).
 * Returns the error code. */
export function showLoginError(step: 'send' | 'verify', error: unknown): string {
  const { code, message } = describeError(error)
  if (code === 'auth_not_admin') {
    toast.error({ title: m.login_unauthorized_title(), description: m.login_unauthorized_text() })
  } else if (ANSWERS.has(code) && message) {
    toast.error({ title: m.login_error_title(), description: message })
  } else {
    toast.error({
      title: m.login_error_title(),
      description: step === 'send' ? m.login_error_send_failed() : m.login_error_verify_failed(),
    })
  }
  return code
}
