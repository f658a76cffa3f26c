/** The browser's half of the passkey ceremonies (@simplewebauthn/browser): the server's options in,
 * the authenticator's answer out, and one localized message for whatever went wrong. */
import { WebAuthnError, browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser'
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { toast } from '~/components/ui/toaster'
import { describeError } from '~/lib/app-error'
import { m } from '~/paraglide/messages'
import type * as v from 'valibot'
import type { AuthenticationOptions, RegistrationOptions } from '../passkey.functions'
import type { AuthenticationResponseSchema, RegistrationResponseSchema } from '../passkey.schemas'

export class PasskeyUnsupportedError extends Error {
  override name = 'PasskeyUnsupportedError'
}

function ensureSupport(): void {
  if (!browserSupportsWebAuthn()) throw new PasskeyUnsupportedError('no WebAuthn')
}

// The library's answer types name each extension output; the server's schema takes any record.
type RegistrationAnswer = v.InferInput<typeof RegistrationResponseSchema>
type AuthenticationAnswer = v.InferInput<typeof AuthenticationResponseSchema>

export async function createPasskey(options: RegistrationOptions): Promise<RegistrationAnswer> {
  ensureSupport()
  return (await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON })) as RegistrationAnswer
}

export async function answerWithPasskey(options: AuthenticationOptions): Promise<AuthenticationAnswer> {
  ensureSupport()
  return (await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON })) as AuthenticationAnswer
}

/** Codes of the server's own answers, whose (localized) message is shown as it came. */
const SERVER_ANSWERS = /^(auth_|rate_limited|bad_request|forbidden|not_found|unauthenticated)/

/** Shows why a passkey step failed: cancelled or timed out, unsupported, or the server's answer. */
export function showPasskeyError(error: unknown): void {
  const title = m.passkey_error_title()
  if (error instanceof PasskeyUnsupportedError) return toast.error({ title, description: m.passkey_error_unsupported() })
  if (error instanceof WebAuthnError) {
    const description =
      error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' ? m.passkey_error_exists() : m.passkey_error_cancelled()
    return toast.error({ title, description })
  }
  // The browser's own refusals (the dialog closed, timed out): DOMExceptions by name.
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    return toast.error({ title, description: m.passkey_error_cancelled() })
  }
  const { code, message } = describeError(error)
  toast.error({ title, description: SERVER_ANSWERS.test(code) && message ? message : m.passkey_error_failed() })
}
