/** The team page's admin list: public.admin_emails, changed one change at a time across every
 * instance (an advisory lock), each change recorded in public.admin_changes by the database's
 * trigger with the admin who made it (the transaction's `app.actor`). See decision 091. */
import type { OwnerAlert, StaffRole, TeamChange, TeamMember, TeamStore } from '../backend'
import { queueOwnerAlert } from '../mail/owner-alerts.server'
import type { ActivityActor } from '~/domain/activity'
import { recordActivity } from './activity.server'
import type { Accounts } from './builtin-accounts.server'
import { lockUntilCommit } from './advisory-lock.server'
import { normalizeEmail } from '~/domain/accounts'
import { addAdminEmail, removeAdminEmail } from './admins.server'
import type { Sql, SqlDatabase } from './client'

/**
 * `alerts`: the owners are e-mailed about each change in its transaction, then the mail worker is
 * woken (`kick`).
 */
export function createTeamStore(db: SqlDatabase, accounts: Accounts, alerts?: { now: () => Date; kick: () => void }): TeamStore {
  /** The activity log's row and the owners' alert of a change that happened, in its transaction. */
  async function announce(
    tx: Sql,
    actor: string,
    from: Omit<ActivityActor, 'actor'> | undefined,
    alert: OwnerAlert & { kind: 'team_change' },
  ) {
    await recordActivity(tx, {
      actor: normalizeEmail(actor),
      requestId: from?.requestId,
      ip: from?.ip,
      action: alert.change === 'added' ? 'team.add' : alert.change === 'removed' ? 'team.remove' : 'team.role',
      subject: alert.email,
      detail:
        alert.change === 'promoted' || alert.change === 'demoted'
          ? { role: alert.change === 'promoted' ? 'owner' : 'admin' }
          : {},
    })
    if (alerts) await queueOwnerAlert(tx, alert, alerts.now())
  }

  function change<T>(actor: string, run: (tx: Sql) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await lockUntilCommit(tx, 'team')
      await tx.query(`select set_config('app.actor', $1, true)`, [normalizeEmail(actor)])
      return run(tx)
    })
  }

  return {
    async list(): Promise<TeamMember[]> {
      const { rows } = await db.query<{ email: string; created_at: Date; role: StaffRole }>(
        'select email, created_at, role from public.admin_emails order by email',
      )
      return rows.map((row) => ({ email: row.email, addedAt: row.created_at.toISOString(), role: row.role }))
    },

    async history(limit): Promise<TeamChange[]> {
      const { rows } = await db.query<{
        id: string
        action: TeamChange['action']
        email: string
        actor: string | null
        created_at: Date
      }>(
        `select id::text as id, action, email, actor, created_at from public.admin_changes
         order by created_at desc, id desc limit $1`,
        [Math.max(0, Math.floor(limit))],
      )
      return rows.map((row) => ({
        id: row.id,
        action: row.action,
        email: row.email,
        actor: row.actor,
        at: row.created_at.toISOString(),
      }))
    },

    async add(email, actor, from) {
      const result = await change(actor, async (tx) => {
        const address = normalizeEmail(email)
        const accountCreated = await accounts.add(address, tx)
        const added = await addAdminEmail(tx, address)
        if (added)
          await announce(tx, actor, from, { kind: 'team_change', change: 'added', email: address, actor: normalizeEmail(actor) })
        return { added, accountCreated }
      })
      if (result.added) alerts?.kick()
      return result
    },

    remove: async (email, actor, from) => {
      const result = await change(actor, async (tx) => {
        const address = normalizeEmail(email)
        if (address === normalizeEmail(actor)) return { ok: false, reason: 'self' } as const
        // Under the lock: two admins removing each other at once leave one of them.
        const { rows } = await tx.query<{ email: string; role: StaffRole }>('select email, role from public.admin_emails')
        const target = rows.find((row) => row.email === address)
        if (!target) return { ok: false, reason: 'not_admin' } as const
        if (rows.length <= 1) return { ok: false, reason: 'last_admin' } as const
        if (target.role === 'owner' && rows.filter((row) => row.role === 'owner').length <= 1) {
          return { ok: false, reason: 'last_owner' } as const
        }
        await removeAdminEmail(tx, address)
        await announce(tx, actor, from, { kind: 'team_change', change: 'removed', email: address, actor: normalizeEmail(actor) })
        return { ok: true } as const
      })
      if (result.ok) alerts?.kick()
      return result
    },

    async roleOf(email) {
      const { rows } = await db.query<{ role: StaffRole }>('select role from public.admin_emails where email = $1', [
        normalizeEmail(email),
      ])
      return rows[0]?.role ?? null
    },

    async setRole(email, role, actor, from) {
      const result = await change(actor, async (tx) => {
        const address = normalizeEmail(email)
        const { rows } = await tx.query<{ email: string; role: StaffRole }>('select email, role from public.admin_emails')
        const target = rows.find((row) => row.email === address)
        if (!target) return { ok: false, reason: 'not_admin' } as const
        if (target.role === role) return { ok: true, changed: false } as const
        if (role === 'admin' && rows.filter((row) => row.role === 'owner').length <= 1) {
          return { ok: false, reason: 'last_owner' } as const
        }
        await tx.query('update public.admin_emails set role = $2 where email = $1', [address, role])
        await announce(tx, actor, from, {
          kind: 'team_change',
          change: role === 'owner' ? 'promoted' : 'demoted',
          email: address,
          actor: normalizeEmail(actor),
        })
        return { ok: true, changed: true } as const
      })
      if (result.ok && result.changed) alerts?.kick()
      return result
    },
  }
}
