/**
 * Contract: the team page's admin list (Backend.team). Adding creates the account where the mode
 * keeps accounts, so those tests run only where the subject signs people in (Supabase's accounts
 * are Auth's admin API, tested on recorded requests in src/backend/supabase/accounts.test.ts).
 * Every change is recorded by the database with the admin who made it.
 */
import { describe, expect, it } from 'vitest'
import { runTag, type Subject } from './contract-subject'

export function describeTeam(subject: Subject, options: { createsAccounts: boolean; readsMail: boolean }): void {
  // Registered only where the subject can create accounts without an auth server over HTTP (the
  // supabase mode's are covered by its recorded-request tests): never a skipped test.
  const accountIt = (name: string, fn: () => Promise<void>) => {
    if (options.createsAccounts) it(name, fn)
  }

  describe('team', () => {
    const address = (name: string) => `${name}-${runTag()}@example.com`

    /** Puts an address on the list as the CLI or SQL would: no account, no actor. */
    async function putOnList(email: string): Promise<void> {
      const { setup } = subject()
      if (!setup) throw new Error('needs the setup connection')
      await setup.query('insert into public.admin_emails (email) values ($1)', [email])
    }

    it('lists the admins by address with the time each was added', async () => {
      const { backend, adminEmail, staffEmail } = subject()
      const members = await backend.team.list()
      const emails = members.map((member) => member.email)
      expect(emails).toContain(adminEmail)
      expect(emails).not.toContain(staffEmail)
      expect(emails).toEqual([...emails].sort())
      for (const member of members) expect(member.addedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    })

    accountIt('adds an address, creating its account, and records who did it', async () => {
      const { backend, adminEmail } = subject()
      const email = address('colleague')
      expect(await backend.team.add(` ${email.toUpperCase()} `, adminEmail)).toEqual({ added: true, accountCreated: true })
      expect(await backend.auth.isAdmin(email)).toBe(true)
      expect((await backend.team.list()).map((member) => member.email)).toContain(email)
      const [latest] = await backend.team.history(1)
      expect(latest).toMatchObject({ action: 'added', email, actor: adminEmail })
      // A second time changes nothing and records nothing.
      expect(await backend.team.add(email, adminEmail)).toEqual({ added: false, accountCreated: false })
      expect((await backend.team.history(1))[0]!.id).toBe(latest!.id)
      // The account lets them ask for a code like any admin (where the mail stays here).
      if (options.readsMail) expect((await backend.auth.sendCode(email)).ok).toBe(true)
      expect(await backend.team.remove(email, adminEmail)).toEqual({ ok: true })
    })

    accountIt('adds an existing user without creating another account', async () => {
      const { backend, adminEmail, staffEmail } = subject()
      expect(await backend.team.add(staffEmail, adminEmail)).toEqual({ added: true, accountCreated: false })
      expect(await backend.auth.isAdmin(staffEmail)).toBe(true)
      expect(await backend.team.remove(staffEmail, adminEmail)).toEqual({ ok: true })
      expect(await backend.auth.isAdmin(staffEmail)).toBe(false)
    })

    it('removes an admin, records who did it, and keeps the list of earlier changes', async () => {
      const { backend, adminEmail } = subject()
      const email = address('leaver')
      await putOnList(email)
      const [added] = await backend.team.history(1)
      // Outside the app nobody is named.
      expect(added).toMatchObject({ action: 'added', email, actor: null })
      expect(await backend.team.remove(email.toUpperCase(), adminEmail)).toEqual({ ok: true })
      expect(await backend.auth.isAdmin(email)).toBe(false)
      const [removed, before] = await backend.team.history(2)
      expect(removed).toMatchObject({ action: 'removed', email, actor: adminEmail })
      expect(before).toEqual(added)
      expect(Date.parse(removed!.at)).toBeGreaterThanOrEqual(Date.parse(added!.at))
    })

    it('refuses to remove the actor, an address not on the list, or the last admin, and records nothing', async () => {
      const { backend, adminEmail } = subject()
      const [latest] = await backend.team.history(1)
      expect(await backend.team.remove(` ${adminEmail.toUpperCase()}`, adminEmail)).toEqual({ ok: false, reason: 'self' })
      expect(await backend.team.remove(address('nobody'), adminEmail)).toEqual({ ok: false, reason: 'not_admin' })
      const members = await backend.team.list()
      if (members.length === 1) {
        expect(await backend.team.remove(adminEmail, address('elsewhere'))).toEqual({ ok: false, reason: 'last_admin' })
      }
      expect(await backend.auth.isAdmin(adminEmail)).toBe(true)
      expect((await backend.team.history(1))[0]).toEqual(latest)
    })

    it('gives at most the number of changes asked for, newest first', async () => {
      const { backend } = subject()
      const history = await backend.team.history(3)
      expect(history.length).toBeLessThanOrEqual(3)
      const times = history.map((change) => Date.parse(change.at))
      expect(times).toEqual([...times].sort((a, b) => b - a))
      expect(await backend.team.history(0)).toEqual([])
    })
  })
}
