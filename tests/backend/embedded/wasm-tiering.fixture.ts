/**
 * The child process of wasm-tiering.test.ts, run through scripts/run-ts.mjs under V8's
 * `--trace-wasm-compilation-times`: opens PGlite exactly as the server does (openPglite) and gives
 * it search-like work until its hot functions are worth optimizing.
 */
import { openPglite } from '~/backend/embedded/db.server'

export default async function main(): Promise<number> {
  const db = await openPglite({ dataDir: '', inMemory: true })
  try {
    await db.exec(`
      create extension pg_trgm;
      create table notes (id int primary key, body text not null);
      insert into notes
        select i, md5(i::text) || ' ' || (array['mehmet', 'ayşe', 'daniel', 'öztürk'])[1 + i % 4] || ' ' || md5((i * 7)::text)
        from generate_series(1, 20000) as i;
      create index notes_body_trgm on notes using gin (body gin_trgm_ops);
      analyze notes;
    `)
    for (let round = 0; round < 40; round++) {
      await db.query(`select count(*)::int as n from notes where body ilike $1`, ['%mehmet%'])
      await db.query(`select id, body from notes where body ilike $1 order by id desc limit 50`, ['%ab%'])
      await db.query(`select count(*)::int as n from notes where lower(body) like $1`, [`%${round}f%`])
    }
    console.log('WASM_TIERING_DONE')
  } finally {
    await db.close()
  }
  return 0
}
