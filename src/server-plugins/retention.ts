import { definePlugin } from 'nitro'
import { getBackend } from '../backend/get-backend.server'
import { inboxWarmUp } from '../features/inbox/warm-inbox.server'
import { retentionPolicyFromEnv } from '../features/privacy/retention-policy.server'
import { startRetentionSchedule } from '../features/privacy/retention-schedule.server'

/** The KVKK retention job: at start, once the inbox has warmed (src/server-plugins/warm-inbox.ts,
 * listed before this plugin in vite.config.ts), then daily (docs/kvkk.md). */
export default definePlugin(() => {
  void inboxWarmUp
    .whenEnded()
    .then(() => startRetentionSchedule(async () => (await getBackend()).privacy, retentionPolicyFromEnv()))
})
