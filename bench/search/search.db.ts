/** The database half of the search-while-typing benchmark (bench/search/search.mjs), run through
 * scripts/run-ts.mjs with the server stopped (an embedded data folder has one owner at a time). */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { openBenchDatabase, signInBenchAdmin } from '../lib/bench-db'
import { fakeContactMessage } from '~/backend/seed-messages'
import type { Sql } from '~/backend/sql/client'
import { messageFilter } from '~/backend/sql/message-rows.server'
import { bulkInsertMessages } from '~/backend/sql/bulk-insert.server'
import { createMessageStore } from '~/backend/sql/messages.server'
import { warmInbox } from '~/features/inbox/warm-inbox.server'
import { LIMITS } from '~/lib/limits'

const DAY_MS = 24 * 60 * 60 * 1000

/** <count> messages from the seed's factory, stored in the order they arrived, as a running inbox
 * stores them (each new message is appended): the factory draws arrival times at random, and a
 * table in that order would put each of the newest messages on a page of its own, which no inbox
 * that received its messages one by one has (decision 143). */
async function seed(dataDir: string, count: number): Promise<void> {
  const { backend, db } = await openBenchDatabase(dataDir)
  try {
    const started = Date.now()
    const now = new Date()
    // A running server's retention job anonymizes each day's messages as they pass the address
    // period (IP_RETENTION_DAYS): the older ones are stored as it would have left them, so that the
    // first start does not rewrite a third of the table at once (which leaves its first pages empty).
    const anonymizedBefore = now.getTime() - LIMITS.retention.ipDefaultDays * DAY_MS
    const messages = Array.from({ length: count }, (_, i) => fakeContactMessage(i, { now }))
      .map((message) => (message.createdAt.getTime() < anonymizedBefore ? { ...message, ipAddress: null } : message))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    const report = await bulkInsertMessages(db, count, (i) => messages[i]!)
    await db.exec(db.driver === 'pg' ? 'vacuum analyze public.contact_messages' : 'analyze public.contact_messages')
    console.info(
      `[bench-search] seeded ${count} messages in ${((Date.now() - started) / 1000).toFixed(1)} s (${report.path}, ${report.indexes.length} indexes rebuilt)`,
    )
  } finally {
    await backend.close()
  }
}

/** How many messages the database holds (every status, the trash included), as JSON. */
async function size(dataDir: string): Promise<void> {
  const { backend, db } = await openBenchDatabase(dataDir)
  try {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.contact_messages')
    console.log(`BENCH_SEARCH_SIZE ${rows[0]!.n}`)
  } finally {
    await backend.close()
  }
}

/** A real session through the backend's own sign-in, as the browser would get one. */
async function session(dataDir: string): Promise<void> {
  const { backend } = await openBenchDatabase(dataDir)
  try {
    const jar = await signInBenchAdmin(backend, dataDir)
    writeFileSync(path.join(dataDir, 'bench-session.json'), JSON.stringify({ cookies: jar }))
  } finally {
    await backend.close()
  }
}

/** Exact match counts, whatever the inbox's cap: the figure printed beside each term's time. */
async function counts(dataDir: string, terms: string[]): Promise<void> {
  const { backend, db } = await openBenchDatabase(dataDir)
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

/** Every statement of the inbox's list call for each prefix of each term, timed, in a process that
 * has asked nothing yet (the first prefixes are the cold ones), then each term again (warm): where
 * a call's time goes, statement by statement, without the HTTP server around it. */
async function profile(dataDir: string, terms: string[]): Promise<void> {
  const { backend, db } = await openBenchDatabase(dataDir)
  try {
    const log: string[] = []
    const timed = (target: Sql): Sql => ({
      async query(text, params) {
        const started = performance.now()
        const result = await target.query(text, params)
        log.push(`${(performance.now() - started).toFixed(1).padStart(7)} ms  ${text.replace(/\s+/g, ' ').slice(0, 90)}`)
        if (process.env.BENCH_SEARCH_EXPLAIN && /from public\.contact_messages/.test(text)) {
          const plan = await target.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, params)
          log.push(plan.rows.map((row) => `           ${row['QUERY PLAN']}`).join('\n'))
        }
        return result as never
      },
      async exec(text) {
        const started = performance.now()
        await target.exec(text)
        log.push(`${(performance.now() - started).toFixed(1).padStart(7)} ms  ${text.replace(/\s+/g, ' ').slice(0, 90)}`)
      },
      transaction: (fn, options) => {
        const started = performance.now()
        return target
          .transaction((tx) => fn(timed(tx)), options)
          .finally(() => log.push(`${(performance.now() - started).toFixed(1).padStart(7)} ms  (transaction)`))
      },
    })
    // BENCH_SEARCH_WARM=1: first what the server does at start (src/server-plugins/warm-up.ts).
    if (process.env.BENCH_SEARCH_WARM)
      console.log(`warmed in ${(await warmInbox(createMessageStore(db, () => new Date()))).toFixed(0)} ms`)
    const store = createMessageStore(timed(db), () => new Date())
    for (const pass of ['cold', 'warm']) {
      for (const term of terms) {
        const prefixes = pass === 'cold' ? Array.from(term, (_, i) => term.slice(0, i + 1)) : [term]
        for (const q of prefixes) {
          log.length = 0
          const started = performance.now()
          const page = await store.list({ status: 'all', search: q, page: 1, pageSize: 50 })
          console.log(
            `${pass} '${q}': ${(performance.now() - started).toFixed(1)} ms, total ${page.total}${page.totalExact ? '' : '+'}\n${log.join('\n')}`,
          )
        }
      }
    }
  } finally {
    await backend.close()
  }
}

export default async function main([command, dataDir, ...rest]: string[]): Promise<number> {
  if (command === 'seed' && dataDir) await seed(dataDir, Number(rest[0] ?? 100_000))
  else if (command === 'session' && dataDir) await session(dataDir)
  else if (command === 'counts' && dataDir) await counts(dataDir, rest)
  else if (command === 'profile' && dataDir) await profile(dataDir, rest)
  else if (command === 'size' && dataDir) await size(dataDir)
  else {
    console.error(
      'Usage: node scripts/run-ts.mjs bench/search/search.db.ts seed <dataDir> <count> | size <dataDir> | session <dataDir> | counts <dataDir> <term>… | profile <dataDir> <term>…',
    )
    return 2
  }
  return 0
}
