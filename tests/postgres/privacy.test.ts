/**
 * The retention job and one person's data on PostgreSQL 17, as the server's least-privileged role
 * (a login role in app_server) on a database set up as Supabase sets one up: what it runs as in the
 * supabase mode (tests/backend/privacy.contract.ts).
 */
import { pgDatabase } from '~/backend/sql/pg.server'
import { describePlannerStatsErasure } from '../backend/planner-stats.contract'
import { describePrivacyContract, type PrivacySubject } from '../backend/privacy.contract'
import { describeRetentionBacklog } from '../backend/retention-backlog.contract'
import { createSupabaseDatabase } from '../support/test-database'

async function openSubject(): Promise<PrivacySubject> {
  const database = await createSupabaseDatabase()
  const app = pgDatabase({ url: database.appUrl, maxConnections: 2, applicationName: 'privacy-test' })
  const setup = pgDatabase({ url: database.superuserUrl, maxConnections: 1, applicationName: 'privacy-test-setup' })
  await setup.query(`insert into public.admin_emails (email) values ('admin@example.com') on conflict do nothing`)
  return {
    app,
    setup,
    builtinAuth: false,
    async dispose() {
      await app.close()
      await setup.close()
      await database.drop()
    },
  }
}

describePrivacyContract('PostgreSQL 17 (app_server)', openSubject)
describeRetentionBacklog('PostgreSQL 17 (app_server)', openSubject)
describePlannerStatsErasure('PostgreSQL 17 (app_server)', openSubject)
