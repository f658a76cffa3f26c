/**
 * Adds realistic fake contact messages for trying and benchmarking the inbox:
 *   npm run seed -- --messages 100000
 * Turkish and English, spread over about nine months, every status (the shared factory,
 * src/backend/seed-messages.ts), inserted in batches on whichever backend the environment
 * selects. On the embedded backend stop the server first (the data folder has one owner).
 */
import { parseSeedArgs } from '~/backend/cli-args'
import { fakeContactMessage } from '~/backend/seed-messages'
import { withBackendTools } from '~/backend/tools.server'

export default async function seed(args: string[]): Promise<number> {
  const parsed = parseSeedArgs(args)
  if (!parsed.ok) {
    console.error(parsed.error)
    return 2
  }
  const total = parsed.value.messages
  return withBackendTools('seed', async (tools) => {
    const started = performance.now()
    const now = new Date()
    // Each run starts at a different point of the factory's sequence, so two runs add different messages.
    const offset = Math.floor(Math.random() * 1e9)
    for (let done = 0; done < total; done += tools.batchSize) {
      const size = Math.min(tools.batchSize, total - done)
      await tools.insertMessages(Array.from({ length: size }, (_, i) => fakeContactMessage(offset + done + i, { now })))
      if (total > tools.batchSize) console.info(`[seed] ${done + size} / ${total}`)
    }
    const seconds = (performance.now() - started) / 1000
    console.log(`Added ${total} messages in ${seconds.toFixed(1)} s (${Math.round(total / seconds)} per second).`)
  })
}
