/** Passkeys as the app shows and stores them (decision 233). Imports nothing of the app. */

/** One of a person's passkeys, as 'Hesabım' lists it. */
export interface PasskeySummary {
  id: string
  name: string
  createdAt: string
  lastUsedAt: string | null
}

/** What verifying a passkey's answer needs: its public key and signature counter. */
export interface StoredPasskey {
  id: string
  email: string
  userHandle: string
  publicKey: Uint8Array
  counter: number
  transports: string[]
}

/** Where a signed-in member stands: `verify`, their passkey is asked; `enroll`, they must add one. */
export type PasskeyStep = 'verify' | 'enroll'

export type ChallengePurpose = 'register' | 'sign_in' | 'verify'

/** The step a member still owes, or null: a passkey and no proof in this browser asks for it;
 * none and STAFF_PASSKEY_REQUIRED asks them to add one. */
export function passkeyStep(state: { hasPasskey: boolean; proven: boolean }, required: boolean): PasskeyStep | null {
  if (state.proven) return null
  if (state.hasPasskey) return 'verify'
  return required ? 'enroll' : null
}

/** A passkey's default name, from the browser and system that added it ('Chrome · macOS'). */
export function passkeyName(userAgent: string | null | undefined): string {
  const ua = userAgent ?? ''
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : null
  const system = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : null
  const parts = [browser, system].filter(Boolean)
  return parts.length > 0 ? parts.join(' · ') : 'Passkey'
}
