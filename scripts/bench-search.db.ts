/**
 * The database half of the search-while-typing benchmark (scripts/bench-search.mjs), run through
 * scripts/run-ts.mjs with the server stopped (an embedded data folder has one owner at a time).
 * With DATABASE_URL set it works on that PostgreSQL database instead of the embedded one.
 *   seed <dataDir> <count>     <count> messages from the seed's own factory (fakeContactMessage:
 *                              Turkish and English people, companies, sectors), then ANALYZE.
 *                              The table's GIN indexes are set aside while inserting and rebuilt
 *                              from their own definitions after, so the schema ends as migrated.
 *   session <dataDir>          a signed-in admin session, written to <dataDir>/bench-session.json
 *   counts <dataDir> <term>…   each term's exact number of matches in the inbox ('all'), as JSON
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Backend, CookieOptions } from '~/backend/backend'
import { openEmbedded } from '~/backend/embedded/index.server'
import { readOutbox } from '~/backend/mail/outbox.server'
import { openPostgres } from '~/backend/postgres/index.server'
import { fakeContactMessage } from '~/backend/seed-messages'
import { addUser } from '~/backend/sql/builtin-auth/users.server'
import type { SqlDatabase } from '~/backend/sql/client'
import { messageFilter } from '~/backend/sql/message-rows.server'
import { insertContactMessages } from '~/backend/sql/messages.server'
import { SEED_ADMIN_EMAIL } from '~/backend/sql/seed.server'

const BATCH = 5_000

async function open(dataDir: string): Promise<{ backend: Backend; db: SqlDatabase }> {
  const url = process.env.DATABASE_URL
  const common = { dataDir, secureCookies: false, logEmails: false }
  if (!url) return openEmbedded(common)
  mkdirSync(dataDir, { recursive: true })
  const instance = await openPostgres({ url, ...common })
  // The postgres mode seeds no accounts: the session below needs an admin who can sign in.
  await addUser(instance.db, SEED_ADMIN_EMAIL, { admin: true })
  return instance
}

async function seed(dataDir: string, count: number): Promise<void> {
  const { backend, db } = await open(dataDir)
  try {
    const { rows: indexes } = await db.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = 'contact_messages'
       and indexdef like '%USING gin%'`,
    )
    for (const index of indexes) await db.exec(`drop index public.${index.indexname}`)
    const started = Date.now()
    const now = new Date()
    for (let done = 0; done < count; done += BATCH) {
      const size = Math.min(BATCH, count - done)
      await insertContactMessages(
        db,
        Array.from({ length: size }, (_, i) => fakeContactMessage(done + i, { now })),
      )
    }
    for (const index of indexes) await db.exec(index.indexdef)
    await db.exec(db.driver === 'pg' ? 'vacuum analyze public.contact_messages' : 'analyze public.contact_messages')
    console.info(`[bench-search] seeded ${count} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  } finally {
    await backend.close()
  }
}

/** A real session through the backend's own sign-in, as the browser would get one. */
async function session(dataDir: string): Promise<void> {
  const { backend } = await open(dataDir)
  try {
    const since = new Date()
    const sent = await backend.auth.sendCode(SEED_ADMIN_EMAIL)
    if (!sent.ok) throw new Error(`sendCode: ${sent.message}`)
    const mail = (await readOutbox(dataDir)).filter((m) => m.to === SEED_ADMIN_EMAIL && new Date(m.sentAt) >= since).at(-1)
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
    if (!code) throw new Error('no sign-in code in the outbox')
    const cookies: { name: string; value: string; options: CookieOptions }[] = []
    const verified = await backend.auth.verifyCode(
      { cookies: { getAll: () => [], set: (name, value, options) => cookies.push({ name, value, options }) } },
      SEED_ADMIN_EMAIL,
      code,
    )
    if (!verified.ok) throw new Error(`verifyCode: ${verified.message}`)
    const jar = cookies.filter((c) => c.value !== '').map((c) => ({ name: c.name, value: c.value }))
    writeFileSync(path.join(dataDir, 'bench-session.json'), JSON.stringify({ cookies: jar }))
  } finally {
    await backend.close()
  }
}

/** Exact match counts, whatever the inbox's cap: the figure printed beside each term's time. */
async function counts(dataDir: string, terms: string[]): Promise<void> {
  const { backend, db } = await open(dataDir)
  try {
    const result: Record<string, number> = {}
    for (const term of terms) {
      const { where, params } = messageFilter({ status: 'all', search: term })
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from public.contact_messages where ${where}`,
        params,
      )
      result[term] = rows[0]!.n
    }
    console.log(`BENCH_SEARCH_COUNTS ${JSON.stringify(result)}`)
  } finally {
    await backend.close()
  }
}

export default async function main([command, dataDir, ...rest]: string[]): Promise<number> {
  if (command === 'seed' && dataDir) await seed(dataDir, Number(rest[0] ?? 100_000))
  else if (command === 'session' && dataDir) await session(dataDir)
  else if (command === 'counts' && dataDir) await counts(dataDir, rest)
  else {
    console.error(
      'Usage: node scripts/run-ts.mjs scripts/bench-search.db.ts seed <dataDir> <count> | session <dataDir> | counts <dataDir> <term>…',
    )
    return 2
  }
  return 0
}
