/**
 * Passkeys on the SQL core (public.staff_passkeys, passkey_challenges, passkey_proofs; decision
 * 233). A change writes its activity row in its own transaction. Challenges are deleted as they are
 * answered, so each works once; expired ones are swept whenever a new one is stored.
 */
import type { NewPasskey, PasskeyStore } from '../passkey-store'
import { normalizeEmail } from '~/domain/accounts'
import type { ActivityActor } from '~/domain/activity'
import { LIMITS } from '~/lib/limits'
import { recordActivity } from './activity.server'
import type { Sql } from './client'

interface PasskeyRow {
  id: string
  email: string
  user_handle: string
  public_key: Uint8Array
  counter: string
  transports: string[]
}

export function createPasskeyStore(db: Sql, now: () => Date): PasskeyStore {
  const later = (seconds: number) => new Date(now().getTime() + seconds * 1000)
  const actorOf = (by: ActivityActor) => ({ actor: by.actor, requestId: by.requestId, ip: by.ip, at: now() })

  return {
    async list(email) {
      const { rows } = await db.query<{ id: string; name: string; created_at: Date; last_used_at: Date | null }>(
        `select id, name, created_at, last_used_at from public.staff_passkeys where email = $1 order by created_at, id`,
        [normalizeEmail(email)],
      )
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        createdAt: r.created_at.toISOString(),
        lastUsedAt: r.last_used_at?.toISOString() ?? null,
      }))
    },

    async registrationState(email) {
      const { rows } = await db.query<{ id: string; user_handle: string; transports: string[] }>(
        'select id, user_handle, transports from public.staff_passkeys where email = $1 order by created_at, id',
        [normalizeEmail(email)],
      )
      return { userHandle: rows[0]?.user_handle ?? null, ids: rows.map((r) => ({ id: r.id, transports: r.transports })) }
    },

    async find(id) {
      const { rows } = await db.query<PasskeyRow>(
        'select id, email, user_handle, public_key, counter::text as counter, transports from public.staff_passkeys where id = $1',
        [id],
      )
      const row = rows[0]
      if (!row) return null
      return {
        id: row.id,
        email: row.email,
        userHandle: row.user_handle,
        publicKey: new Uint8Array(row.public_key),
        counter: Number(row.counter),
        transports: row.transports,
      }
    },

    add: (passkey: NewPasskey, by) =>
      db.transaction(async (tx) => {
        const email = normalizeEmail(passkey.email)
        // The member's row locked: two additions at once cannot both pass the count.
        const member = await tx.query('select email from public.admin_emails where email = $1 for update', [email])
        if (member.rows.length === 0) return 'not_member' as const
        const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from public.staff_passkeys where email = $1', [
          email,
        ])
        if ((rows[0]?.n ?? 0) >= LIMITS.passkeys.perPerson) return 'too_many' as const
        const inserted = await tx.query(
          `insert into public.staff_passkeys (id, email, user_handle, public_key, counter, transports, name, created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (id) do nothing`,
          [
            passkey.id,
            email,
            passkey.userHandle,
            Buffer.from(passkey.publicKey),
            passkey.counter,
            passkey.transports.slice(0, 8),
            passkey.name.slice(0, LIMITS.passkeys.nameMax),
            now(),
          ],
        )
        if (inserted.rowCount === 0) return 'exists' as const
        await recordActivity(tx, { ...actorOf(by), action: 'passkey.add', subject: email, detail: { name: passkey.name } })
        return 'added' as const
      }),

    async markUsed(id, counter) {
      await db.query('update public.staff_passkeys set counter = greatest(counter, $2), last_used_at = $3 where id = $1', [
        id,
        counter,
        now(),
      ])
    },

    remove: (email, id, by) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query<{ name: string }>(
          'delete from public.staff_passkeys where id = $1 and email = $2 returning name',
          [id, normalizeEmail(email)],
        )
        if (rows.length === 0) return false
        await recordActivity(tx, {
          ...actorOf(by),
          action: 'passkey.remove',
          subject: normalizeEmail(email),
          detail: { name: rows[0]!.name },
        })
        return true
      }),

    reset: (email, by) =>
      db.transaction(async (tx) => {
        const address = normalizeEmail(email)
        const removed = await tx.query('delete from public.staff_passkeys where email = $1', [address])
        await tx.query('delete from public.passkey_proofs where email = $1', [address])
        await recordActivity(tx, {
          ...actorOf(by),
          action: 'passkey.reset',
          subject: address,
          detail: { count: removed.rowCount },
        })
        return removed.rowCount
      }),

    async saveChallenge(challenge, purpose, email, userHandle) {
      await db.query('delete from public.passkey_challenges where expires_at <= $1', [now()])
      await db.query(
        `insert into public.passkey_challenges (challenge, purpose, email, user_handle, expires_at)
         values ($1, $2, $3, $4, $5)`,
        [
          challenge,
          purpose,
          email === null ? null : normalizeEmail(email),
          userHandle ?? null,
          later(LIMITS.passkeys.challengeTtlSeconds),
        ],
      )
    },

    async takeChallenge(challenge, purpose, email) {
      const { rows } = await db.query<{ fresh: boolean; user_handle: string | null }>(
        `delete from public.passkey_challenges
         where challenge = $1 and purpose = $2 and email is not distinct from $3
         returning expires_at > $4 as fresh, user_handle`,
        [challenge, purpose, email === null ? null : normalizeEmail(email), now()],
      )
      const row = rows[0]
      return row?.fresh ? { userHandle: row.user_handle } : null
    },

    async addProof(tokenHash, email) {
      await db.query('delete from public.passkey_proofs where expires_at <= $1', [now()])
      await db.query('insert into public.passkey_proofs (token_hash, email, created_at, expires_at) values ($1, $2, $3, $4)', [
        tokenHash,
        normalizeEmail(email),
        now(),
        later(LIMITS.auth.sessionMaxSeconds),
      ])
    },

    async dropProof(tokenHash) {
      await db.query('delete from public.passkey_proofs where token_hash = $1', [tokenHash])
    },

    async state(email, tokenHash) {
      const { rows } = await db.query<{ has_passkey: boolean; proven: boolean }>(
        `select exists (select from public.staff_passkeys where email = $1) as has_passkey,
                exists (select from public.passkey_proofs where token_hash = $2 and email = $1 and expires_at > $3) as proven`,
        [normalizeEmail(email), tokenHash, now()],
      )
      return { hasPasskey: rows[0]?.has_passkey ?? false, proven: rows[0]?.proven ?? false }
    },
  }
}
