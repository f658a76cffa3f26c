/**
 * One retention pass on a PostgreSQL database, as a separate process that a test can kill
 * (tests/postgres/retention-kill.test.ts): `node scripts/run-ts.mjs tests/support/retention-pass.child.ts
 * <url> <nowIso> <leaseSeconds>`. Prints a line per committed batch.
 */
import { pgDatabase } from '~/backend/sql/pg.server'
import { runRetention } from '~/backend/sql/retention.server'

export default async function main([url = '', nowIso = '', leaseSeconds = '60']: string[]): Promise<number> {
  const db = pgDatabase({ url, maxConnections: 1, applicationName: 'retention-child' })
  const policy = { messageDays: 730, ipDays: 90, trashDays: 30, spamDays: 30, recordYears: 3 }
  await runRetention(db, policy, new Date(nowIso), {
    leaseSeconds: Number(leaseSeconds),
    onBatch: (batch) => void process.stdout.write(`batch ${batch.category} ${batch.rows}\n`),
  })
  await db.close()
  return 0
}
