/** The Backend's PrivacyService on the SQL core: retention.server.ts and privacy.server.ts. */
import type { PrivacyService } from '../backend'
import type { MailLog } from '../mail/transport.server'
import type { Accounts } from './builtin-accounts.server'
import type { SqlDatabase } from './client'
import { erasePersonalData, exportPersonalData } from './privacy.server'
import { queueOwnerAlert } from '../mail/owner-alerts.server'
import { LIMITS } from '~/lib/limits'
import { log } from '~/lib/log.server'
import { MAINTENANCE_STEP_BUDGET_MS } from './bounded-steps.server'
import { listDestructionRecords, type RetentionBatch, type RetentionRates, runRetention } from './retention.server'

/** A batch over the budget is worth a warning (decision 184); the rest is summed up per pass. */
function logBatch(batch: RetentionBatch): void {
  if (batch.ms <= MAINTENANCE_STEP_BUDGET_MS) return
  log().warn(
    `[retention] ${batch.action === 'merge' ? `merging the search indexes after ${batch.category}` : `a batch of ${batch.category} (${batch.rows} of at most ${batch.limit} rows)`} held the database ${Math.round(batch.ms)} ms (cpu ${Math.round(batch.cpuMs)} ms, waiting for a cpu ${Math.round(batch.runQueueMs)} ms), over the ${MAINTENANCE_STEP_BUDGET_MS} ms a step should take`,
  )
}

function logAnalyze(step: { ms: number; cpuMs: number; runQueueMs: number }): void {
  if (step.ms <= MAINTENANCE_STEP_BUDGET_MS) return
  log().warn(
    `[retention] renewing the statistics after the pass held the database ${Math.round(step.ms)} ms (cpu ${Math.round(step.cpuMs)} ms, waiting for a cpu ${Math.round(step.runQueueMs)} ms)`,
  )
}

export function createPrivacyService(
  db: SqlDatabase,
  now: () => Date,
  accounts: Accounts,
  mailLog: MailLog | null,
  retention: { exclusive: boolean; quietFor?: () => number } = { exclusive: false },
  /** Whether an erasure of a team member e-mails the owners (the mail worker woken by `kick`). */
  alerts?: { kick: () => void },
): PrivacyService {
  // What the process learns of each category's cost per row, kept from pass to pass; one pass of its own at a time.
  const rates: RetentionRates = new Map()
  let passing = false
  return {
    async runRetention(policy) {
      if (passing) return { ran: false, records: [] }
      passing = true
      try {
        return await runRetention(db, policy, now(), {
          ...retention,
          rates,
          // Only the embedded database watches the app's activity: there, ANALYZE holds every request (decision 194).
          analyzeQuietMs: retention.quietFor ? LIMITS.database.maintenanceIdleSeconds * 1000 : 0,
          onBatch: logBatch,
          onAnalyze: logAnalyze,
          // Embedded: the statistics then wait for a quiet app (a minute or more), so the rows' end is told apart.
          onDestroyed: (records) => {
            if (retention.quietFor && records.length > 0)
              log().info(`[retention] batches done: ${records.map((r) => `${r.category} ${r.count} (${r.method})`).join(', ')}`)
          },
        })
      } finally {
        passing = false
      }
    },
    records: (limit) => listDestructionRecords(db, limit),
    async exportData(email) {
      const data = await exportPersonalData(db, email, now())
      const logged = (await mailLog?.find(data.email)) ?? []
      data.loggedMail = logged.map(({ to, subject, text, sentAt }) => ({ to, subject, text, sentAt }))
      return data
    },
    async erase(email, options) {
      const result = await erasePersonalData(db, email, {
        ...options,
        now: now(),
        alertOwners: alerts ? (tx, alert) => queueOwnerAlert(tx, alert, now()) : undefined,
        removeExternalAccount: accounts.external ? (address) => accounts.remove(address) : undefined,
        eraseLoggedMail: mailLog ? (address) => mailLog.erase(address) : undefined,
      })
      if (result.ok) alerts?.kick()
      return result
    },
  }
}
