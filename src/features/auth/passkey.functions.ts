/**
 * Passkeys' server functions (decision 233): 'Hesabım' lists, adds and removes one's own; the login
 * page signs in with one alone; after an e-mail code, a member with a passkey verifies with it; an
 * owner resets a member's. Each validates its input and checks who calls it.
 */
import { createServerFn } from '@tanstack/react-start'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { getBackend } from '~/backend/get-backend.server'
import { rateLimiter, hitAll } from '~/backend/rate-limiter.server'
import { normalizeEmail } from '~/domain/accounts'
import { type PasskeySummary, passkeyName } from '~/domain/passkeys'
import { actingAs } from '~/features/activity/acting.server'
import { AppError, rateLimitedError } from '~/lib/app-error'
import { clientIp } from '~/lib/client-ip.server'
import { LIMITS } from '~/lib/limits'
import { validate } from '~/lib/validate'
import { m } from '~/paraglide/messages'
import { getRequestHeader } from '@tanstack/react-start/server'
import { authFailureToAppError } from './auth-errors.server'
import { authenticationOptions, registrationOptions, verifyAuthentication, verifyRegistration } from './passkey-ceremony.server'
import { provePasskey } from './passkey-gate.server'
import { AuthenticationResponseSchema, PasskeyIdSchema, PasskeyResetSchema, RegistrationResponseSchema } from './passkey.schemas'
import { requestContext } from './request-context.server'
import { requireAdmin, requireOwner, requireStaffMember } from './require-admin'
import type { AdminSession } from './session.functions'

const passkeyPerIp = rateLimiter('passkeyPerIp')

/** The options as they travel: the only extension asked for is credProps (a boolean), so the
 * library's binary extension types (never used here) stay out of the serialized type. */
type Wire<T> = Omit<T, 'extensions'> & { extensions?: { credProps?: boolean } }
export type RegistrationOptions = Wire<PublicKeyCredentialCreationOptionsJSON>
export type AuthenticationOptions = Wire<PublicKeyCredentialRequestOptionsJSON>

/** A member who still owes 'Passkey ile Doğrula' may not add one instead: that would skip it. */
function refuseWhileUnverified(step: string | null): void {
  if (step === 'verify') throw new AppError(403, 'auth_passkey_required', m.passkey_error_required())
}

async function limitPerAddress(): Promise<void> {
  const wait = await hitAll([[passkeyPerIp, clientIp()]])
  if (wait > 0) throw rateLimitedError(m.login_error_rate_limited({ seconds: wait }), wait)
}

/** 'Hesabım': the member's own passkeys. */
export const getMyPasskeys = createServerFn({ method: 'GET' })
  .middleware([requireAdmin])
  .handler(async ({ context }): Promise<PasskeySummary[]> => {
    const backend = await getBackend()
    return backend.passkeys.list(context.user.email)
  })

/** 'Passkey Ekle', step 1: the options the browser's own dialog opens with. */
export const beginPasskeyRegistration = createServerFn({ method: 'POST' })
  .middleware([requireStaffMember])
  .handler(async ({ context }): Promise<RegistrationOptions> => {
    refuseWhileUnverified(context.step)
    await limitPerAddress()
    return (await registrationOptions(context.user.email)) as RegistrationOptions
  })

/** 'Passkey Ekle', step 2: the verified passkey is kept, named after the browser that made it. It
 * proves this browser too, so STAFF_PASSKEY_REQUIRED's member goes on to the inbox. */
export const finishPasskeyRegistration = createServerFn({ method: 'POST' })
  .middleware([requireStaffMember])
  .validator(validate(RegistrationResponseSchema))
  .handler(async ({ data, context }): Promise<PasskeySummary[]> => {
    refuseWhileUnverified(context.step)
    const email = context.user.email
    const verified = await verifyRegistration(email, data as RegistrationResponseJSON)
    const backend = await getBackend()
    const name = passkeyName(getRequestHeader('user-agent'))
    const added = await backend.passkeys.add({ ...verified, email, name }, actingAs(email))
    if (added === 'too_many') {
      throw new AppError(409, 'auth_passkey_too_many', m.passkey_error_too_many({ max: LIMITS.passkeys.perPerson }))
    }
    if (added === 'exists') throw new AppError(409, 'auth_passkey_exists', m.passkey_error_exists())
    if (added === 'not_member') throw new AppError(403, 'forbidden', m.auth_error_forbidden())
    await provePasskey(email)
    return backend.passkeys.list(email)
  })

/** 'Kaldır' on one of one's own passkeys. */
export const removeMyPasskey = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(PasskeyIdSchema))
  .handler(async ({ data, context }): Promise<PasskeySummary[]> => {
    const backend = await getBackend()
    const removed = await backend.passkeys.remove(context.user.email, data.id, actingAs(context.user.email))
    if (!removed) throw new AppError(404, 'not_found', m.passkey_error_unknown())
    return backend.passkeys.list(context.user.email)
  })

/** 'Passkey ile Giriş Yap', step 1: a challenge for any of the site's passkeys (the browser lists them). */
export const beginPasskeySignIn = createServerFn({ method: 'POST' }).handler(async (): Promise<AuthenticationOptions> => {
  await limitPerAddress()
  return (await authenticationOptions(null)) as AuthenticationOptions
})

/** 'Passkey ile Giriş Yap', step 2: a verified passkey of a team member signs in alone. */
export const finishPasskeySignIn = createServerFn({ method: 'POST' })
  .validator(validate(AuthenticationResponseSchema))
  .handler(async ({ data }): Promise<AdminSession> => {
    const passkey = await verifyAuthentication(null, data as AuthenticationResponseJSON)
    const backend = await getBackend()
    if (!(await backend.auth.isAdmin(passkey.email))) throw new AppError(403, 'auth_not_admin', m.login_unauthorized_text())
    const started = await backend.auth.startVerifiedSession(requestContext(), passkey.email)
    if (!started.ok) throw authFailureToAppError('verify', started)
    await provePasskey(passkey.email)
    await backend.activity.record({ ...actingAs(passkey.email), action: 'sign_in.success', detail: { method: 'passkey' } })
    return { email: started.user.email, passkeyStep: null }
  })

/** 'Passkey ile Doğrula' after the e-mail code, step 1: a challenge for the member's own passkeys. */
export const beginPasskeyVerification = createServerFn({ method: 'POST' })
  .middleware([requireStaffMember])
  .handler(async ({ context }): Promise<AuthenticationOptions> => {
    await limitPerAddress()
    return (await authenticationOptions(context.user.email)) as AuthenticationOptions
  })

/** Step 2: one of the member's passkeys answered; this browser's session opens the staff area. */
export const finishPasskeyVerification = createServerFn({ method: 'POST' })
  .middleware([requireStaffMember])
  .validator(validate(AuthenticationResponseSchema))
  .handler(async ({ data, context }): Promise<AdminSession> => {
    const email = context.user.email
    const backend = await getBackend()
    try {
      await verifyAuthentication(email, data as AuthenticationResponseJSON)
    } catch (error) {
      await backend.activity.record({ ...actingAs(email), action: 'sign_in.failure', detail: { code: 'passkey' } })
      throw error
    }
    await provePasskey(email)
    return { email: normalizeEmail(email), passkeyStep: null }
  })

/** 'Passkey Sıfırla' on the team page: an owner removes every passkey of a member who lost theirs. */
export const resetPasskeys = createServerFn({ method: 'POST' })
  .middleware([requireOwner])
  .validator(validate(PasskeyResetSchema))
  .handler(async ({ data, context }): Promise<{ email: string; removed: number }> => {
    const backend = await getBackend()
    const removed = await backend.passkeys.reset(data.email, actingAs(context.user.email))
    return { email: normalizeEmail(data.email), removed }
  })
