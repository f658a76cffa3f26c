/**
 * Runs the retention job in the server: once at start, then every LIMITS.retention.runEveryHours
 * (the KVKK regulation asks for destruction at the latest every 6 months; daily keeps every row
 * within a day of its period). Several instances may each run it: the backend lets one at a time
 * do the work. The timer never keeps the process alive.
 */
import type { PrivacyService } from '~/backend/backend'
import type { RetentionPolicy } from '~/domain/privacy'
import { LIMITS } from '~/lib/limits'
import { log as appLog } from '~/lib/log.server'

export function startRetentionSchedule(
  privacy: () => Promise<PrivacyService>,
  policy: RetentionPolicy,
  log: { info(line: string): void; error(line: string, error: unknown): void } = {
    info: (line) => appLog().info(line),
    error: (line, error) => appLog().error({ err: error }, line),
  },
): () => void {
  async function run(): Promise<void> {
    try {
      const result = await (await privacy()).runRetention(policy)
      if (!result.ran) return log.info('[retention] another instance is running the job; skipped here')
      const done = result.records.map((r) => `${r.category} ${r.count} (${r.method})`).join(', ')
      log.info(`[retention] ${done || 'nothing was due'}`)
    } catch (error) {
      log.error('[retention] the run failed; the next one tries again:', error)
    }
  }
  void run()
  const timer = setInterval(() => void run(), LIMITS.retention.runEveryHours * 60 * 60 * 1000)
  timer.unref()
  return () => clearInterval(timer)
}
