/** Renews the planner's statistics after personal data left the tables (decision 194): pg_statistic
 * keeps samples of names, addresses, IP addresses and whole search texts, and an erased message or
 * an anonymized address stays among them until the next ANALYZE. */
import type { Sql } from './client'
import { forgetSearchStats } from './search-stats.server'

/** Analyzes the tables that hold personal data through private.analyze_personal_data() (migration
 * 20261201000000; the server's role owns none of them). False when the function is missing (a
 * Supabase project whose migrations were not pushed yet): autovacuum renews them later. */
export async function analyzePersonalData(db: Sql): Promise<boolean> {
  const { rows } = await db.query<{ present: boolean }>(
    `select pg_catalog.to_regprocedure('private.analyze_personal_data()') is not null as present`,
  )
  if (!rows[0]?.present) return false
  await db.query('select private.analyze_personal_data()')
  forgetSearchStats()
  return true
}
