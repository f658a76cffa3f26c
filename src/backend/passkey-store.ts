/** The passkeys' part of the Backend interface (decision 233): the app's own tables in every mode. */
import type { ActivityActor } from '~/domain/activity'
import type { ChallengePurpose, PasskeySummary, StoredPasskey } from '~/domain/passkeys'

export interface NewPasskey {
  id: string
  email: string
  userHandle: string
  publicKey: Uint8Array
  counter: number
  transports: string[]
  name: string
}

export interface PasskeyStore {
  /** The member's passkeys, oldest first. */
  list(email: string): Promise<PasskeySummary[]>
  /** The member's WebAuthn user handle (one per person) and their passkeys' ids, for a registration. */
  registrationState(email: string): Promise<{ userHandle: string | null; ids: { id: string; transports: string[] }[] }>
  find(id: string): Promise<StoredPasskey | null>
  /** Stores a verified passkey and logs `passkey.add`; `too_many` past LIMITS.passkeys.perPerson. */
  add(passkey: NewPasskey, by: ActivityActor): Promise<'added' | 'too_many' | 'not_member' | 'exists'>
  /** After a sign-in or verification with it: the new counter and when. */
  markUsed(id: string, counter: number): Promise<void>
  /** The member's own passkey only; logs `passkey.remove`. False when they have none by that id. */
  remove(email: string, id: string, by: ActivityActor): Promise<boolean>
  /** An owner's reset: every passkey and passkey proof of `email` goes; logs `passkey.reset`. */
  reset(email: string, by: ActivityActor): Promise<number>
  /** Stores a challenge for LIMITS.passkeys.challengeTtlSeconds (expired ones are swept). */
  saveChallenge(challenge: string, purpose: ChallengePurpose, email: string | null, userHandle?: string): Promise<void>
  /** Consumes the challenge, once: its user handle if it was issued for this purpose (and member)
   * and is fresh, null otherwise. */
  takeChallenge(challenge: string, purpose: ChallengePurpose, email: string | null): Promise<{ userHandle: string | null } | null>
  /** Records that the browser holding the proof token (its hash) answered with a passkey. */
  addProof(tokenHash: string, email: string): Promise<void>
  dropProof(tokenHash: string): Promise<void>
  /** Whether the member has a passkey, and whether this browser's proof is theirs and fresh. */
  state(email: string, tokenHash: string | null): Promise<{ hasPasskey: boolean; proven: boolean }>
}
