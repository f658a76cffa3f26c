/**
 * The WebAuthn ceremonies on the server, with @simplewebauthn/server (decision 233). The relying
 * party is the configured SITE_URL, never the request's Host; every challenge is stored, single-use
 * and short-lived (LIMITS.passkeys), and user verification is required.
 */
import { randomBytes } from 'node:crypto'
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { getBackend } from '~/backend/get-backend.server'
import { normalizeEmail } from '~/domain/accounts'
import type { StoredPasskey } from '~/domain/passkeys'
import { AppError } from '~/lib/app-error'
import { serverEnv } from '~/lib/env.server'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'

/** The site's origin and its host name as the relying party; none without SITE_URL. */
function relyingParty(): { id: string; origin: string } {
  const site = serverEnv().siteUrl
  if (!site) throw new AppError(409, 'auth_passkey_unavailable', m.passkey_error_unavailable())
  return { id: new URL(site).hostname, origin: site }
}

/** Loaded at the first ceremony: its certificate libraries stay out of the server's start. */
let library: Promise<typeof import('@simplewebauthn/server')> | null = null
function webauthn() {
  library ??= import('@simplewebauthn/server')
  return library
}

const failed = () => new AppError(401, 'auth_passkey_failed', m.passkey_error_failed())

/** The challenge the browser signed, read from its client data (the library checks the rest). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'))
    const challenge = (data as { challenge?: unknown } | null)?.challenge
    return typeof challenge === 'string' ? challenge : null
  } catch {
    return null
  }
}

const TIMEOUT_MS = LIMITS.passkeys.challengeTtlSeconds * 1000

/** Options for 'Passkey Ekle': a discoverable credential with user verification, none twice. */
export async function registrationOptions(email: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty()
  const backend = await getBackend()
  const state = await backend.passkeys.registrationState(email)
  // One random handle per person (never the address): the authenticator returns it at sign-in.
  const userHandle = state.userHandle ?? randomBytes(32).toString('base64url')
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: m.login_brand(),
    rpID: rp.id,
    userName: normalizeEmail(email),
    userID: new Uint8Array(Buffer.from(userHandle, 'base64url')),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: state.ids.map((c) => ({ id: c.id, transports: c.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    // Ed25519, P-256 and RSA: what authenticators use; post-quantum ML-DSA rests on Node APIs
    // still experimental, and its signatures outgrow the bounds checked before verification.
    supportedAlgorithmIDs: [-8, -7, -257],
  })
  await backend.passkeys.saveChallenge(options.challenge, 'register', email, userHandle)
  return options
}

/** Checks the new credential against its stored challenge; what the store needs to keep it. */
export async function verifyRegistration(email: string, response: RegistrationResponseJSON) {
  const rp = relyingParty()
  const backend = await getBackend()
  const challenge = challengeOf(response.response.clientDataJSON)
  const issued = challenge ? await backend.passkeys.takeChallenge(challenge, 'register', email) : null
  if (!challenge || !issued?.userHandle) throw failed()
  const result = await (await webauthn())
    .verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    })
    .catch(() => null)
  if (!result?.verified) throw failed()
  const { credential } = result.registrationInfo
  return {
    id: credential.id,
    userHandle: issued.userHandle,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? [],
  }
}

/** Options for a sign-in (`email` null: any of the site's passkeys, the browser lists them) or
 * for the step after the code (the member's own passkeys only). */
export async function authenticationOptions(email: string | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = relyingParty()
  const backend = await getBackend()
  const mine = email === null ? [] : (await backend.passkeys.registrationState(email)).ids
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: mine.map((c) => ({ id: c.id, transports: c.transports as AuthenticatorTransport[] })),
  })
  await backend.passkeys.saveChallenge(options.challenge, email === null ? 'sign_in' : 'verify', email)
  return options
}

/** The passkey that signed, once its answer is verified (and its counter and use recorded). With
 * `email`, only that member's passkeys count. */
export async function verifyAuthentication(email: string | null, response: AuthenticationResponseJSON): Promise<StoredPasskey> {
  const rp = relyingParty()
  const backend = await getBackend()
  const challenge = challengeOf(response.response.clientDataJSON)
  const purpose = email === null ? 'sign_in' : 'verify'
  if (!challenge || !(await backend.passkeys.takeChallenge(challenge, purpose, email))) throw failed()
  const stored = await backend.passkeys.find(response.id)
  if (!stored || (email !== null && stored.email !== normalizeEmail(email))) {
    throw new AppError(401, 'auth_passkey_unknown', m.passkey_error_unknown())
  }
  if (response.response.userHandle && response.response.userHandle !== stored.userHandle) throw failed()
  const result = await (await webauthn())
    .verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(stored.publicKey),
        counter: stored.counter,
        transports: stored.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    })
    .catch(() => null)
  if (!result?.verified) throw failed()
  await backend.passkeys.markUsed(stored.id, result.authenticationInfo.newCounter)
  return stored
}
