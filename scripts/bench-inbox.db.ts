/**
 * The database half of the inbox benchmark (scripts/bench-inbox.mjs), run through
 * scripts/run-ts.mjs with the server stopped (an embedded data folder has one owner at a time).
 * With DATABASE_URL set it works on that PostgreSQL database (the postgres mode) instead of an
 * embedded one; <dataDir> then holds only the outbox and the files below.
 *   seed <dataDir> <count>   fresh database + <count> messages from the shared factory, then a
 *                            signed-in admin session written to <dataDir>/bench-session.json.
 *                            The trigram index is dropped first (the "without" run comes first;
 *                            its definition is kept), the rows go in through the seed's
 *                            bulkInsertMessages (the other indexes rebuilt once after them).
 *   restore-trigram <dataDir> recreates them exactly as the migrations define them
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Backend, CookieOptions } from '~/backend/backend'
import { MESSAGE_STATUSES } from '~/domain/messages'
import { openEmbedded } from '~/backend/embedded/index.server'
import { readOutbox } from '~/backend/mail/outbox.server'
import { openPostgres } from '~/backend/postgres/index.server'
import { makeContactMessage } from '~/backend/seed-messages'
import { addUser } from '~/backend/sql/builtin-auth/users.server'
import type { SqlDatabase } from '~/backend/sql/client'
import { bulkInsertMessages } from '~/backend/sql/bulk-insert.server'
import { SEED_ADMIN_EMAIL } from '~/backend/sql/seed.server'

// One trigram index of the stored search text since migration 20261128001000 (decision 140).
const TRIGRAM_INDEXES = ['contact_messages_search_text_trgm_idx']

const definitionsFile = (dataDir: string) => path.join(dataDir, 'bench-trigram-indexes.json')

/** The database the server will open: DATABASE_URL's (postgres mode), else the embedded one in dataDir. */
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
    await db.exec('analyze public.contact_messages')
    console.info(`[bench-inbox] seeded ${count} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`)

    // A real session through the backend's own sign-in, as the browser would get one.
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
    const header = cookies
      .filter((c) => c.value !== '')
      .map((c) => `${c.name}=${c.value}`)
      .join('; ')
    writeFileSync(path.join(dataDir, 'bench-session.json'), JSON.stringify({ cookie: header }))
  } finally {
    await backend.close()
  }
}

async function restoreTrigram(dataDir: string): Promise<void> {
  const definitions = JSON.parse(readFileSync(definitionsFile(dataDir), 'utf8')) as string[]
  const { backend, db } = await open(dataDir)
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
    console.error('Usage: node scripts/run-ts.mjs scripts/bench-inbox.db.ts seed <dataDir> <count> | restore-trigram <dataDir>')
    return 2
  }
  return 0
}
