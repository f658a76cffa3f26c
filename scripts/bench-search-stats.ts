/**
 * What the search statistics buy the server's role (decision 187), call by call: the inbox's list
 * for every prefix of each term, as typed, with the statistics (the list as it is) and without
 * them (the same list, told the function is missing: what a login role in app_server got before,
 * when pg_stats hid the table from it), interleaved, in one warm process on one database.
 * Times are medians of the list call seen from this process (the queries, not HTTP).
 *
 *   DATABASE_URL=postgres://<a login role in app_server>@…/<db> \
 *     node scripts/run-ts.mjs scripts/bench-search-stats.ts - [rounds] [term…]
 *   node scripts/run-ts.mjs scripts/bench-search-stats.ts <PGlite data folder> [rounds] [term…]
 *
 * The search bench's kept PostgreSQL cluster (scripts/bench-search.mjs) holds the 100k messages;
 * its server role is pusula_bench_server (password bench-password). On PGlite (the superuser,
 * whose planner sees the statistics) "without" differs from the list before decision 187 only for
 * the common word starts, which it walked then too.
 */
import { WORD_START } from '~/backend/sql/message-rows.server'
import { createMessageStore } from '~/backend/sql/messages.server'
import { readSearchStats, substringShare } from '~/backend/sql/search-stats.server'
import type { Sql } from '~/backend/sql/client'
import { pgDatabase } from '~/backend/sql/pg.server'
import { openEmbedded } from '~/backend/embedded/index.server'
import { searchMode } from '~/domain/messages'

/** The search bench's terms (scripts/bench-search.mjs TERMS). */
const TERMS = ['mehmet', 'öztürk', 'yılmaz', 'daniel', 'collins', 'anadolu', 'lojistik', 'platform', 'erp', 'example']
const TERMS_SHORT = ['hakan koç', 'zqxjv', 'ş', 'ay']

/** The same database, on which the statistics function seems missing: the list gets no estimate. */
function withoutStats(db: Sql): Sql {
  return {
    query: (text, params) =>
      text.includes("to_regprocedure('private.message_search_stats()')")
        ? (Promise.resolve({ rows: [{ present: false }], rowCount: 1 }) as never)
        : db.query(text, params),
    exec: (text) => db.exec(text),
    transaction: (fn, options) => db.transaction((tx) => fn(withoutStats(tx)), options),
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

export default async function main([dataDir = '-', rounds = '5', ...args]: string[]): Promise<number> {
  const url = process.env.DATABASE_URL
  const opened = dataDir === '-' ? undefined : await openEmbedded({ dataDir, secureCookies: false, logEmails: false })
  if (!opened && !url) throw new Error('DATABASE_URL (a login role in app_server) or a PGlite data folder')
  const db = opened?.db ?? pgDatabase({ url: url!, maxConnections: 1, applicationName: 'bench-search-stats' })
  try {
    const stats = await readSearchStats(db)
    const stores = {
      with: createMessageStore(db, () => new Date()),
      without: createMessageStore(withoutStats(db), () => new Date()),
    }
    const terms = args.length > 0 ? args : [...TERMS, ...TERMS_SHORT]
    const prefixes = [...new Set(terms.flatMap((term) => Array.from(term, (_, i) => term.slice(0, i + 1).trim())))].filter(
      Boolean,
    )
    // One pass first: plans and caches warm for both.
    for (const q of prefixes)
      for (const store of Object.values(stores)) await store.list({ status: 'all', search: q, page: 1, pageSize: 50 })
    console.log('| prefix | estimate | with statistics ms | without ms | ratio |')
    console.log('|---|---|---:|---:|---:|')
    let sumWith = 0
    let sumWithout = 0
    for (const q of prefixes) {
      const times: Record<keyof typeof stores, number[]> = { with: [], without: [] }
      for (let round = 0; round < Number(rounds); round++) {
        const order: (keyof typeof stores)[] = round % 2 ? ['without', 'with'] : ['with', 'without']
        for (const name of order) {
          const started = performance.now()
          await stores[name].list({ status: 'all', search: q, page: 1, pageSize: 50 })
          times[name].push(performance.now() - started)
        }
      }
      const estimate = WORD_START.test(q)
        ? `word start ${((stats.wordStarts.get(q.toLowerCase()) ?? 0) * 100).toFixed(0)} %`
        : searchMode(q) === 'wordStart'
          ? 'prefix'
          : `substring ${((substringShare(stats.text, q) ?? Number.NaN) * 100).toFixed(1)} %`
      const [a, b] = [median(times.with), median(times.without)]
      sumWith += a
      sumWithout += b
      console.log(`| ${q} | ${estimate} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(a / b).toFixed(2)} |`)
    }
    console.log(
      `| all ${prefixes.length} prefixes (sum of medians) | | ${sumWith.toFixed(0)} | ${sumWithout.toFixed(0)} | ${(sumWith / sumWithout).toFixed(2)} |`,
    )
  } finally {
    await (opened ? opened.backend.close() : db.close())
  }
  return 0
}
