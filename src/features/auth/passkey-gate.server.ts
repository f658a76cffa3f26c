/**
 * The passkey step of the staff sign-in (decision 233). A browser that answered with one of the
 * member's passkeys holds a random token in an HttpOnly cookie (its hash stored); a member with a
 * passkey and no such proof, or none while STAFF_PASSKEY_REQUIRED, reaches no admin page or function.
 */
import { createHash, randomBytes } from 'node:crypto'
import { getCookie, setCookie } from '@tanstack/react-start/server'
import type { RequestContext } from '~/backend/backend'
import { getBackend } from '~/backend/get-backend.server'
import { type PasskeyStep, passkeyStep } from '~/domain/passkeys'
import { AppError } from '~/lib/app-error'
import { PASSKEY_COOKIE, passkeyCookieName } from '~/lib/cookies'
import { serverEnv } from '~/lib/env.server'
import { m } from '~/paraglide/messages'

const TOKEN = /^[A-Za-z0-9_-]{43}$/
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

function proofHash(token: string | undefined): string | null {
  return token && TOKEN.test(token) ? hashOf(token) : null
}

/** What the member signed in with `ctx` still owes: 'verify', 'enroll', or null (nothing). */
export async function passkeyStepFor(ctx: Pick<RequestContext, 'cookies'>, email: string): Promise<PasskeyStep | null> {
  const name = passkeyCookieName(serverEnv().secureCookies)
  const token = ctx.cookies.getAll().find((c) => c.name === name)?.value
  const backend = await getBackend()
  return passkeyStep(await backend.passkeys.state(email, proofHash(token)), serverEnv().staffPasskeyRequired)
}

/** 403 while the member owes the step: the admin middleware and every staff endpoint call this. */
export async function requirePasskeyDone(ctx: Pick<RequestContext, 'cookies'>, email: string): Promise<void> {
  const step = await passkeyStepFor(ctx, email)
  if (step === 'verify') throw new AppError(403, 'auth_passkey_required', m.passkey_error_required())
  if (step === 'enroll') throw new AppError(403, 'auth_passkey_enroll', m.passkey_error_enroll())
}

/** After a passkey answered for `email` in this request: a fresh proof for this browser. */
export async function provePasskey(email: string): Promise<void> {
  const backend = await getBackend()
  await forgetPasskeyProof()
  const token = randomBytes(32).toString('base64url')
  await backend.passkeys.addProof(hashOf(token), email)
  const secure = serverEnv().secureCookies
  setCookie(passkeyCookieName(secure), token, {
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: '/',
    maxAge: PASSKEY_COOKIE.maxAgeSeconds,
  })
}

/** At a code sign-in and a sign-out: this browser's proof ends, on the server and in the browser. */
export async function forgetPasskeyProof(): Promise<void> {
  const secure = serverEnv().secureCookies
  const name = passkeyCookieName(secure)
  const hash = proofHash(getCookie(name))
  if (!hash) return
  await (await getBackend()).passkeys.dropProof(hash)
  setCookie(name, '', { httpOnly: true, secure, sameSite: 'lax', path: '/', maxAge: 0 })
}
