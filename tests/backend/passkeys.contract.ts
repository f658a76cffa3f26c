/**
 * Contract: staff passkeys (Backend.passkeys): the app's own tables in every mode. A member's
 * passkeys with their limit, challenges that work once and expire, the browser proofs the passkey
 * step reads, removal of one's own only, an owner's reset, each change in the activity log, and a
 * member's passkeys gone with them when they leave the team; one person's export lists them.
 */
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { NewPasskey } from '~/backend/passkey-store'
import { LIMITS } from '~/lib/limits'
import { runTag, type Subject } from './contract-subject'

const b64 = (bytes: number) => randomBytes(bytes).toString('base64url')
const hashHex = () => randomBytes(32).toString('hex')

export function describePasskeys(subject: Subject): void {
  describe('passkeys', () => {
    async function member(): Promise<string> {
      const email = `${runTag()}@example.com`
      await subject().setup!.query('insert into public.admin_emails (email) values ($1)', [email])
      return email
    }
    const passkey = (email: string, userHandle: string, name = 'Chrome · macOS'): NewPasskey => ({
      id: b64(32),
      email,
      userHandle,
      publicKey: new Uint8Array(randomBytes(77)),
      counter: 0,
      transports: ['internal', 'hybrid'],
      name,
    })
    const actions = async (actor: string) =>
      (await subject().backend.activity.list({ actor, limit: 20 })).map((row) => [row.action, row.subject])

    it('keeps a member’s passkeys, finds one by id, refuses a stranger, a duplicate and one too many', async ({ skip }) => {
      const { backend, setup } = subject()
      if (!setup) return skip('needs the setup connection')
      const email = await member()
      const handle = b64(32)
      const first = passkey(email, handle)
      expect(await backend.passkeys.add(first, { actor: email, requestId: null, ip: '192.0.2.7' })).toBe('added')
      expect(await backend.passkeys.add(first, { actor: email })).toBe('exists')
      expect(await backend.passkeys.add(passkey(`${runTag()}@example.com`, handle), { actor: email })).toBe('not_member')

      const found = await backend.passkeys.find(first.id)
      expect(found).toEqual({ ...first, publicKey: first.publicKey, name: undefined, email })
      expect(await backend.passkeys.find(b64(32))).toBeNull()
      expect(await backend.passkeys.registrationState(email)).toEqual({
        userHandle: handle,
        ids: [{ id: first.id, transports: ['internal', 'hybrid'] }],
      })
      const [listed] = await backend.passkeys.list(email)
      expect(listed).toMatchObject({ id: first.id, name: 'Chrome · macOS', lastUsedAt: null })

      await backend.passkeys.markUsed(first.id, 5)
      await backend.passkeys.markUsed(first.id, 3)
      expect((await backend.passkeys.find(first.id))?.counter).toBe(5)
      expect((await backend.passkeys.list(email))[0]?.lastUsedAt).toMatch(/^\d{4}-/)

      for (let i = 1; i < LIMITS.passkeys.perPerson; i++) {
        expect(await backend.passkeys.add(passkey(email, handle, `Anahtar ${i}`), { actor: email })).toBe('added')
      }
      expect(await backend.passkeys.add(passkey(email, handle), { actor: email })).toBe('too_many')
      expect(await backend.passkeys.list(email)).toHaveLength(LIMITS.passkeys.perPerson)
      expect((await actions(email)).filter(([action]) => action === 'passkey.add')).toHaveLength(LIMITS.passkeys.perPerson)
    })

    it('answers a challenge once, for its purpose and member only, and never after it expired', async ({ skip }) => {
      const { backend, setup } = subject()
      if (!setup) return skip('needs the setup connection')
      const email = await member()
      const handle = b64(32)
      const register = b64(32)
      await backend.passkeys.saveChallenge(register, 'register', email, handle)
      expect(await backend.passkeys.takeChallenge(register, 'sign_in', null)).toBeNull()
      expect(await backend.passkeys.takeChallenge(register, 'register', email)).toEqual({ userHandle: handle })
      expect(await backend.passkeys.takeChallenge(register, 'register', email)).toBeNull()

      const verify = b64(32)
      await backend.passkeys.saveChallenge(verify, 'verify', email)
      expect(await backend.passkeys.takeChallenge(verify, 'verify', await member())).toBeNull()
      const signIn = b64(32)
      await backend.passkeys.saveChallenge(signIn, 'sign_in', null)
      expect(await backend.passkeys.takeChallenge(signIn, 'sign_in', null)).toEqual({ userHandle: null })

      const stale = b64(32)
      await setup.query(
        `insert into public.passkey_challenges (challenge, purpose, expires_at) values ($1, 'sign_in', now() - interval '1 second')`,
        [stale],
      )
      expect(await backend.passkeys.takeChallenge(stale, 'sign_in', null)).toBeNull()
    })

    it('says whether a browser proved the member’s passkey; removal, reset and leaving the team end it', async ({ skip }) => {
      const { backend, setup, adminEmail } = subject()
      if (!setup) return skip('needs the setup connection')
      const email = await member()
      const proof = hashHex()
      expect(await backend.passkeys.state(email, null)).toEqual({ hasPasskey: false, proven: false })
      const key = passkey(email, b64(32))
      await backend.passkeys.add(key, { actor: email })
      expect(await backend.passkeys.state(email, proof)).toEqual({ hasPasskey: true, proven: false })
      await backend.passkeys.addProof(proof, email)
      expect(await backend.passkeys.state(email, proof)).toEqual({ hasPasskey: true, proven: true })
      // Another member's browser proves nothing for this one.
      expect(await backend.passkeys.state(adminEmail, proof)).toMatchObject({ proven: false })

      // Only one's own passkey can be removed.
      expect(await backend.passkeys.remove(adminEmail, key.id, { actor: adminEmail })).toBe(false)
      expect(await backend.passkeys.remove(email, key.id, { actor: email })).toBe(true)
      expect(await backend.passkeys.state(email, proof)).toMatchObject({ hasPasskey: false })

      await backend.passkeys.add(passkey(email, b64(32)), { actor: email })
      await backend.passkeys.add(passkey(email, b64(32)), { actor: email })
      expect(await backend.passkeys.reset(email, { actor: adminEmail })).toBe(2)
      expect(await backend.passkeys.state(email, proof)).toEqual({ hasPasskey: false, proven: false })
      expect(await actions(adminEmail)).toContainEqual(['passkey.reset', email])
      expect(await actions(email)).toContainEqual(['passkey.remove', email])

      await backend.passkeys.add(passkey(email, b64(32), 'Telefon'), { actor: email })
      const exported = await backend.privacy.exportData(email)
      expect(exported.passkeys).toEqual([{ name: 'Telefon', createdAt: expect.any(String), lastUsedAt: null }])
      expect((await backend.team.remove(email, adminEmail)).ok).toBe(true)
      expect(await backend.passkeys.list(email)).toEqual([])
      const { rows } = await setup.query('select 1 from public.staff_passkeys where email = $1', [email])
      expect(rows).toEqual([])
    })
  })
}
