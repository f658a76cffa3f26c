/** The database half of the inbox benchmark (bench/inbox/inbox.mjs), run through scripts/run-ts.mjs
 * with the server stopped (an embedded data folder has one owner at a time). */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { openBenchDatabase, signInBenchAdmin } from '../lib/bench-db'
import { MESSAGE_STATUSES } from '~/domain/messages'
import { makeContactMessage } from '~/backend/seed-messages'
import { bulkInsertMessages } from '~/backend/sql/bulk-insert.server'
import type { SqlDatabase } from '~/backend/sql/client'
import { SEED_ADMIN_EMAIL } from '~/backend/sql/seed.server'

// One trigram index of the stored search text since migration 20261128001000 (decision 140).
const TRIGRAM_INDEXES = ['contact_messages_search_text_trgm_idx']

const definitionsFile = (dataDir: string) => path.join(dataDir, 'bench-trigram-indexes.json')

async function seed(dataDir: string, count: number): Promise<void> {
  const { backend, db } = await openBenchDatabase(dataDir)
  try {
    const { rows } = await db.query<{ indexdef: string }>(
      'select indexdef from pg_indexes where schemaname = $1 and indexname = any($2)',
      ['public', TRIGRAM_INDEXES],
    )
    if (rows.length !== TRIGRAM_INDEXES.length)
      throw new Error(`expected the trigram index of the migrations (${TRIGRAM_INDEXES.join(', ')})`)
    writeFileSync(definitionsFile(dataDir), JSON.stringify(rows.map((r) => r.indexdef)))
    for (const index of TRIGRAM_INDEXES) await db.exec(`drop index public.${index}`)

    const started = Date.now()
    const now = Date.now()
    // Through the seed's own bulk load (decision 143): the other indexes are built once after the rows.
    await bulkInsertMessages(db, count, (n) => {
      // Every status, about one in ten still new; one a minute going back ~70 days.
      const status = n % 10 === 0 ? 'new' : MESSAGE_STATUSES[1 + (n % 2)]!
      return makeContactMessage({ status, createdAt: new Date(now - n * 60_000) })
    })
    console.info(`[bench-inbox] seeded ${count} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    await seedTeamwork(db)
    // The owners' update left a dead version of every message, which every list read too; a running
    // server's maintenance vacuums a table at 2 % dead rows (LIMITS.database.vacuumShare).
    await db.exec('vacuum analyze public.contact_messages')
    await db.exec('analyze public.lead_notes, public.activity_log')

    // A real session through the backend's own sign-in, as the browser would get one.
    const header = (await signInBenchAdmin(backend, dataDir)).map((c) => `${c.name}=${c.value}`).join('; ')
    writeFileSync(path.join(dataDir, 'bench-session.json'), JSON.stringify({ cookie: header }))
  } finally {
    await backend.close()
  }
}

/** Five owners (the bench admin one of them) and one lead in six unassigned, 50,000 notes and 500,000
 * history rows: the team's data at 100k messages, each written in one statement. */
async function seedTeamwork(db: SqlDatabase): Promise<void> {
  const started = Date.now()
  await db.query(
    `insert into public.admin_emails (email) select 'bench-colleague-' || g || '@example.com'
     from generate_series(1, 4) g on conflict do nothing`,
  )
  await db.query(
    `with numbered as (select id, row_number() over (order by created_at, id) as n from public.contact_messages)
     update public.contact_messages c
        set owner_email = case n % 6 when 0 then null when 1 then $1 else 'bench-colleague-' || (n % 6 - 1) || '@example.com' end
       from numbered where numbered.id = c.id`,
    [SEED_ADMIN_EMAIL],
  )
  await db.query(
    `insert into public.lead_notes (message_id, author_email, body, created_at)
     select id, $1, 'Yarın ararım.', created_at + interval '1 hour'
     from (select id, created_at, row_number() over (order by created_at, id) as n from public.contact_messages) m
     where n % 2 = 0`,
    [SEED_ADMIN_EMAIL],
  )
  await db.query(
    `insert into public.activity_log (at, actor, action, message_ids, detail)
     select created_at + make_interval(mins => k), $1,
            (array['message.receive', 'message.open', 'message.owner', 'message.status', 'message.note'])[k],
            array[id], '{}'::jsonb
     from public.contact_messages, generate_series(1, 5) k`,
    [SEED_ADMIN_EMAIL],
  )
  // Their reminders went out long ago (as the replies migration marks older leads): no mail worker
  // sending 100,000 of them to five members while the lists are timed.
  await db.query(
    'insert into public.reply_reminders (message_id, queued_at) select id, created_at from public.contact_messages on conflict do nothing',
  )
  console.info(`[bench-inbox] seeded owners, notes and history in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

async function restoreTrigram(dataDir: string): Promise<void> {
  const definitions = JSON.parse(readFileSync(definitionsFile(dataDir), 'utf8')) as string[]
  const { backend, db } = await openBenchDatabase(dataDir)
  try {
    const started = Date.now()
    for (const definition of definitions) await db.exec(definition)
    // A server's autovacuum would otherwise visit the 100,000 new rows during the measurement;
    // PGlite has none (and its figures stay comparable with earlier runs).
    await db.exec(db.driver === 'pg' ? 'vacuum analyze public.contact_messages' : 'analyze public.contact_messages')
    console.info(`[bench-inbox] rebuilt the trigram indexes in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  } finally {
    await backend.close()
  }
}

export default async function main([command, dataDir, count]: string[]): Promise<number> {
  if (command === 'seed' && dataDir) await seed(dataDir, Number(count ?? 100_000))
  else if (command === 'restore-trigram' && dataDir) await restoreTrigram(dataDir)
  else {
    console.error('Usage: node scripts/run-ts.mjs bench/inbox/inbox.db.ts seed <dataDir> <count> | restore-trigram <dataDir>')
    return 2
  }
  return 0
}
