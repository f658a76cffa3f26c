/**
 * Where seeding's time goes on PGlite (issue 22 target 2), part by part, as the seed's bulk load
 * does it (src/backend/sql/bulk-insert.server.ts): the rows with the secondary indexes dropped,
 * then each index built again, each timed in wall and CPU time, with the WAL each wrote:
 *   node scripts/run-ts.mjs scripts/bench-seed-parts.db.ts <new folder> [messages] [setting=value …]
 * Settings (e.g. maintenance_work_mem=256MB) are SET in the load's session first.
 */
import { rmSync } from 'node:fs'
import { openEmbedded } from '~/backend/embedded/index.server'
import { allowWasmTierUp } from '~/backend/embedded/wasm-tier.server'
import { fakeContactMessage } from '~/backend/seed-messages'
import { BULK_BATCH_ROWS } from '~/backend/sql/bulk-insert.server'
import { insertContactMessages } from '~/backend/sql/messages.server'

export default async function main([
  dir = '.data-bench-seed-parts',
  countArg = '100000',
  ...settings
]: string[]): Promise<number> {
  rmSync(dir, { recursive: true, force: true })
  allowWasmTierUp()
  const count = Number(countArg)
  const instance = await openEmbedded({ dataDir: dir, secureCookies: false, logEmails: false, sampleData: false })
  const db = instance.db
  type Q = Pick<typeof db, 'query'>
  let on: Q = db
  const wal = async () => {
    const { rows } = await on.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
    const [hi, lo] = rows[0]!.lsn.split('/')
    return Number.parseInt(hi!, 16) * 2 ** 32 + Number.parseInt(lo!, 16)
  }
  const part = async (label: string, run: () => Promise<unknown>) => {
    const cpu = process.cpuUsage()
    const walBefore = await wal()
    const started = performance.now()
    await run()
    const ms = performance.now() - started
    const used = process.cpuUsage(cpu)
    const walMb = ((await wal()) - walBefore) / 2 ** 20
    console.log(
      `${label}: ${ms.toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms cpu, wal ${walMb.toFixed(1)} MB`,
    )
    return ms
  }
  const { rows: level } = await db.query<{ wal_level: string }>('show wal_level')
  console.log(`wal_level ${level[0]!.wal_level}; ${settings.join(' ') || 'no settings'}`)
  const now = new Date()
  let total = 0
  await db.transaction(async (tx) => {
    on = tx
    for (const setting of settings) {
      const [name, value] = setting.split('=')
      await tx.exec(`set local ${name} = '${value}'`)
    }
    const { rows: indexes } = await tx.query<{ name: string; definition: string }>(
      `select quote_ident(c.relname) as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class c on c.oid = i.indexrelid
       where i.indrelid = 'public.contact_messages'::regclass
         and not i.indisprimary and not i.indisunique and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
       order by c.relname`,
    )
    for (const index of indexes) await tx.exec(`drop index public.${index.name}`)
    total += await part(`rows (${count})`, async () => {
      for (let done = 0; done < count; done += BULK_BATCH_ROWS) {
        const batch = Array.from({ length: Math.min(BULK_BATCH_ROWS, count - done) }, (_, i) =>
          fakeContactMessage(done + i, { now }),
        )
        await insertContactMessages(tx, batch)
      }
    })
    for (const index of indexes) total += await part(index.name, () => tx.exec(index.definition))
  })
  on = db
  total += await part('commit and analyze', () => db.exec('analyze public.contact_messages'))
  // Once more, the pages' hint bits set: what a later ANALYZE of the same table costs.
  await part('analyze again', () => db.exec('analyze public.contact_messages'))
  await part('analyze_personal_data()', () => db.exec('select private.analyze_personal_data()'))
  console.log(`total ${(total / 1000).toFixed(1)} s`)
  await instance.backend.close()
  rmSync(dir, { recursive: true, force: true })
  return 0
}
