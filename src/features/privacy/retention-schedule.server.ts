/** Runs the retention job in the server: once at start, then every LIMITS.retention.runEveryHours
 * (the KVKK regulation asks for destruction at the latest every 6 months; daily keeps every row
 * within a day of its period) (decision 184). */
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
  const retryMinutes = LIMITS.retention.retryMinutes
  let running = false
  let stopped = false
  let retry: ReturnType<typeof setTimeout> | undefined

  async function run(): Promise<void> {
    if (running || stopped) return
    running = true
    clearTimeout(retry)
    let again = false
    try {
      const result = await (await privacy()).runRetention(policy)
      if (result.ran) {
        const done = result.records.map((r) => `${r.category} ${r.count} (${r.method})`).join(', ')
        log.info(`[retention] ${done || 'nothing was due'}`)
      } else {
        again = true
        log.info(`[retention] another pass is under way; tried again in ${retryMinutes} minutes`)
      }
    } catch (error) {
      again = true
      log.error(`[retention] the pass failed; tried again in ${retryMinutes} minutes:`, error)
    } finally {
      running = false
    }
    if (again && !stopped) {
      retry = setTimeout(() => void run(), retryMinutes * 60 * 1000)
      retry.unref()
    }
  }
  void run()
  const timer = setInterval(() => void run(), LIMITS.retention.runEveryHours * 60 * 60 * 1000)
  timer.unref()
  return () => {
    stopped = true
    clearInterval(timer)
    clearTimeout(retry)
  }
}
