/** The Backend's PrivacyService on the SQL core: retention.server.ts and privacy.server.ts. */
import type { PrivacyService } from '../backend'
import type { MailLog } from '../mail/transport.server'
import type { Accounts } from './accounts.server'
import type { SqlDatabase } from './client'
import { erasePersonalData, exportPersonalData } from './privacy.server'
import { listDestructionRecords, runRetention } from './retention.server'

export function createPrivacyService(
  db: SqlDatabase,
  now: () => Date,
  accounts: Accounts,
  mailLog: MailLog | null,
): PrivacyService {
  return {
    runRetention: (policy) => runRetention(db, policy, now()),
    records: (limit) => listDestructionRecords(db, limit),
    async exportData(email) {
      const data = await exportPersonalData(db, email, now())
      const logged = (await mailLog?.find(data.email)) ?? []
      data.loggedMail = logged.map(({ to, subject, text, sentAt }) => ({ to, subject, text, sentAt }))
      return data
    },
    erase: (email, options) =>
      erasePersonalData(db, email, {
        ...options,
        now: now(),
        removeExternalAccount: accounts.external ? (address) => accounts.remove(address) : undefined,
        eraseLoggedMail: mailLog ? (address) => mailLog.erase(address) : undefined,
      }),
  }
}
