import { definePlugin } from 'nitro'
import { getBackend } from '../backend/get-backend.server'
import { retentionPolicyFromEnv } from '../features/privacy/retention-policy.server'
import { startRetentionSchedule } from '../features/privacy/retention-schedule.server'

/** The KVKK retention job: at start (once the backend is open), then daily (docs/kvkk.md). */
export default definePlugin(() => {
  startRetentionSchedule(async () => (await getBackend()).privacy, retentionPolicyFromEnv())
})
