/** Sign-in server functions: validate → rate-limit → call the backend. None of them needs a session
 * (they are how one is obtained or ended); every admin operation lists `requireAdmin` instead. See
 * docs/decisions/020-sessions-and-otp.md. */
import { createServerFn } from '@tanstack/react-start'
import { getBackend } from '~/backend/get-backend.server'
import { AppError } from '~/lib/app-error'
import { clientIp } from '~/lib/client-ip.server'
import { validate } from '~/lib/validate'
import { requestContext } from './request-context.server'
import { m } from '~/paraglide/messages'
import { authFailureToAppError } from './auth-errors.server'
import type { AuthErrorCode, CodeDeliveryState } from '~/backend/backend'
import { normalizeEmail } from '~/domain/accounts'
import { LIMITS } from '~/lib/limits'
import { ensureCodeBrowser } from './code-browser.server'
import { forgetPasskeyProof } from './passkey-gate.server'
import { actingAs } from '~/features/activity/acting.server'
import { CodeDeliveryInputSchema, SendLoginCodeSchema, VerifyLoginCodeSchema } from './auth.schemas'
import { forgetVerifyTries, limitSendCode, limitVerify, recordCodeSent, recordWrongCode } from './rate-limits.server'
import type { AdminSession } from './session.functions'

export type { AdminSession } from './session.functions'

/** The failures a wrong or stale code causes (not an unreachable auth server). */
const WRONG_CODE = new Set<AuthErrorCode>(['invalid_code', 'code_expired', 'too_many_attempts'])

/**
 * Mails a one-time code to an existing user (never creates one). `deliveryId`: the mail is queued
 * for an SMTP server, and getCodeDelivery tells the login page whether it has left.
 */
export const sendLoginCode = createServerFn({ method: 'POST' })
  .validator(validate(SendLoginCodeSchema))
  .handler(async ({ data }): Promise<{ sent: true; deliveryId: string | null }> => {
    const clientAddress = clientIp()
    const codeBrowser = ensureCodeBrowser()
    await limitSendCode(clientAddress, codeBrowser, data.email)
    const backend = await getBackend()
    const result = await backend.auth.sendCode(data.email, { clientAddress, codeBrowser })
    if (!result.ok) throw authFailureToAppError('send', result)
    await recordCodeSent(codeBrowser, data.email)
    return { sent: true, deliveryId: result.deliveryId ?? null }
  })

/** Whether the code e-mail `id` has left for the mail server: asked by the login page when the code
 * is late (LIMITS.mail.codeNoticeAfterSeconds). Public, as the sign-in itself is: the id is random,
 * given only to whoever asked for the code, and the answer says nothing else. */
export const getCodeDelivery = createServerFn({ method: 'GET' })
  .validator(validate(CodeDeliveryInputSchema))
  .handler(async ({ data }): Promise<{ state: CodeDeliveryState | null }> => {
    const backend = await getBackend()
    return { state: await backend.mail.codeDelivery(data.id) }
  })

/** Checks the code and starts a session, for admins only: anyone else who verifies is signed out
 * again at once and told they have no access. */
export const verifyLoginCode = createServerFn({ method: 'POST' })
  .validator(validate(VerifyLoginCodeSchema))
  .handler(async ({ data }): Promise<AdminSession> => {
    const ctx = requestContext()
    await limitVerify(clientIp(), ctx.codeBrowser ?? null, data.email)
    const backend = await getBackend()
    const result = await backend.auth.verifyCode(ctx, data.email, data.code)
    if (!result.ok) {
      // Logged and counted for staff addresses only: a stranger's guesses at random addresses
      // name nobody in the log and alert nobody.
      if (WRONG_CODE.has(result.code) && (await backend.auth.isAdmin(data.email))) {
        const email = normalizeEmail(data.email)
        await backend.activity.record({ ...actingAs(email), action: 'sign_in.failure', detail: { code: result.code } })
        if (await recordWrongCode(email)) {
          await backend.mail.alertOwners({ kind: 'sign_in_failures', email, count: LIMITS.rate.signInFailuresPerEmail.max })
        }
      }
      throw authFailureToAppError('verify', result)
    }
    await forgetVerifyTries(ctx.codeBrowser ?? null, data.email)
    if (!(await backend.auth.isAdmin(result.user.email))) {
      await backend.auth.signOut(ctx)
      throw new AppError(403, 'auth_not_admin', m.login_unauthorized_text())
    }
    // A new sign-in owes its own passkey step: no earlier proof in this browser counts.
    await forgetPasskeyProof()
    await backend.activity.record({ ...actingAs(result.user.email), action: 'sign_in.success', detail: { method: 'code' } })
    return { email: result.user.email }
  })

/** Ends the session on the server and clears its cookie; harmless without one. */
export const signOut = createServerFn({ method: 'POST' }).handler(async (): Promise<{ signedOut: true }> => {
  const backend = await getBackend()
  const ctx = requestContext()
  const user = await backend.auth.getUser(ctx).catch(() => null)
  await backend.auth.signOut(ctx)
  await forgetPasskeyProof()
  if (user) await backend.activity.record({ ...actingAs(user.email), action: 'sign_out' })
  return { signedOut: true }
})
