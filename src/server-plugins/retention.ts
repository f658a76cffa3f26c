import { definePlugin } from 'nitro'
import { getBackend } from '../backend/get-backend.server'
import { startWarmUp } from '../features/ops/warm-up.server'
import { retentionPolicyFromEnv } from '../features/privacy/retention-policy.server'
import { startRetentionSchedule } from '../features/privacy/retention-schedule.server'

/** The KVKK retention job: at start, once the start's warm-up has ended (src/server-plugins/warm-up.ts,
 * listed before this plugin in vite.config.ts), then daily (docs/kvkk.md). */
export default definePlugin(() => {
  void startWarmUp
    .whenEnded()
    .then(() => startRetentionSchedule(async () => (await getBackend()).privacy, retentionPolicyFromEnv()))
})
