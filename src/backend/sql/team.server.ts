/** The team page's admin list: public.admin_emails, changed one change at a time across every
 * instance (an advisory lock), each change recorded in public.admin_changes by the database's
 * trigger with the admin who made it (the transaction's `app.actor`). See decision 091. */
import type { TeamChange, TeamMember, TeamStore } from '../backend'
import type { Accounts } from './builtin-accounts.server'
import { lockUntilCommit } from './advisory-lock.server'
import { normalizeEmail } from '~/domain/accounts'
import { addAdminEmail, removeAdminEmail } from './admins.server'
import type { Sql, SqlDatabase } from './client'

export function createTeamStore(db: SqlDatabase, accounts: Accounts): TeamStore {
  function change<T>(actor: string, run: (tx: Sql) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await lockUntilCommit(tx, 'team')
      await tx.query(`select set_config('app.actor', $1, true)`, [normalizeEmail(actor)])
      return run(tx)
    })
  }

  return {
    async list(): Promise<TeamMember[]> {
      const { rows } = await db.query<{ email: string; created_at: Date }>(
        'select email, created_at from public.admin_emails order by email',
      )
      return rows.map((row) => ({ email: row.email, addedAt: row.created_at.toISOString() }))
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

    add: (email, actor) =>
      change(actor, async (tx) => {
        const address = normalizeEmail(email)
        const accountCreated = await accounts.add(address, tx)
        return { added: await addAdminEmail(tx, address), accountCreated }
      }),

    remove: (email, actor) =>
      change(actor, async (tx) => {
        const address = normalizeEmail(email)
        if (address === normalizeEmail(actor)) return { ok: false, reason: 'self' } as const
        // Under the lock: two admins removing each other at once leave one of them.
        const { rows } = await tx.query<{ email: string }>('select email from public.admin_emails')
        if (!rows.some((row) => row.email === address)) return { ok: false, reason: 'not_admin' } as const
        if (rows.length <= 1) return { ok: false, reason: 'last_admin' } as const
        await removeAdminEmail(tx, address)
        return { ok: true } as const
      }),
  }
}
