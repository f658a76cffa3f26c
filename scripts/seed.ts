/**
 * Adds realistic fake contact messages for trying and benchmarking the inbox:
 *   npm run seed -- --messages 100000
 * Turkish and English, spread over about nine months, every status (the shared factory,
 * src/backend/seed-messages.ts), on whichever backend the environment selects, in bulk
 * (src/backend/sql/bulk-insert.server.ts: when they outnumber the messages already there, the
 * table's indexes are built once after the rows instead of kept up row by row).
 * On the embedded backend stop the server first (the data folder has one owner). In the postgres
 * mode a running server's inbox waits while a bulk load holds the table (about half a minute per
 * 100,000 messages).
 */
import { parseSeedArgs } from '~/backend/cli-args'
import { allowWasmTierUp } from '~/backend/embedded/wasm-tier.server'
import { fakeContactMessage } from '~/backend/seed-messages'
import { BULK_BATCH_ROWS } from '~/backend/sql/bulk-insert.server'
import { withBackendTools } from '~/backend/tools.server'

export default async function seed(args: string[]): Promise<number> {
  const parsed = parseSeedArgs(args)
  if (!parsed.ok) {
    console.error(parsed.error)
    return 2
  }
  const total = parsed.value.messages
  // A short-lived process: the optimizing compiler's memory is affordable here (decision 143).
  allowWasmTierUp()
  return withBackendTools('seed', async (tools) => {
    const started = performance.now()
    const now = new Date()
    // Each run starts at a different point of the factory's sequence, so two runs add different messages.
    const offset = Math.floor(Math.random() * 1e9)
    const report = await tools.insertMessages(total, (i) => fakeContactMessage(offset + i, { now }), {
      onProgress: (done) => {
        if (total > BULK_BATCH_ROWS) console.info(`[seed] ${done} / ${total}`)
      },
      onRebuild: (indexes) => console.info(`[seed] building ${indexes.length} indexes of contact_messages again…`),
    })
    const seconds = (performance.now() - started) / 1000
    console.info(
      report.path === 'rebuild'
        ? `[seed] rows ${(report.insertMs / 1000).toFixed(1)} s, ${report.indexes.length} indexes built ${(report.indexMs / 1000).toFixed(1)} s`
        : report.reason === 'not-owner'
          ? '[seed] inserted with the indexes in place: this database role does not own the table'
          : '[seed] inserted with the indexes in place: fewer than the messages already there',
    )
    console.log(`Added ${total} messages in ${seconds.toFixed(1)} s (${Math.round(total / seconds)} per second).`)
  })
}
