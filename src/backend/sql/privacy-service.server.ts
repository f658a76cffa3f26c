/** The Backend's PrivacyService on the SQL core: retention.server.ts and privacy.server.ts. */
import type { PrivacyService } from '../backend'
import type { SqlDatabase } from './client'
import { erasePersonalData, exportPersonalData } from './privacy.server'
import { listDestructionRecords, runRetention } from './retention.server'
import type { TeamAccounts } from './team.server'

export function createPrivacyService(db: SqlDatabase, now: () => Date, accounts: TeamAccounts): PrivacyService {
  return {
    runRetention: (policy) => runRetention(db, policy, now()),
    records: (limit) => listDestructionRecords(db, limit),
    exportData: (email) => exportPersonalData(db, email, now()),
    erase: (email, options) =>
      erasePersonalData(db, email, {
        ...options,
        now: now(),
        removeExternalAccount: accounts.remove && ((address) => accounts.remove!(address)),
      }),
  }
}
