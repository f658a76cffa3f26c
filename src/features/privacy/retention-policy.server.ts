/** The retention policy in force: the configured periods (env) and the inbox's fixed ones (limits). */
import type { RetentionPolicy } from '~/domain/privacy'
import { serverEnv } from '~/lib/env.server'
import { LIMITS } from '~/lib/limits'

export function retentionPolicyFromEnv(): RetentionPolicy {
  const env = serverEnv()
  return {
    messageDays: env.messageRetentionDays,
    ipDays: env.ipRetentionDays,
    trashDays: LIMITS.inbox.trashKeepDays,
    spamDays: LIMITS.inbox.spamKeepDays,
    recordYears: LIMITS.retention.recordKeepYears,
    visitRawDays: env.visitRawDays,
    activityDays: env.activityRetentionDays,
  }
}
