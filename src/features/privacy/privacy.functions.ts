/**
 * The KVKK staff page's server functions (docs/kvkk.md): validate → authorize (requireOwner, in
 * every one: owners only) → call the backend. The retention policy shown is the one the server runs with.
 */
import { createServerFn } from '@tanstack/react-start'
import type { DestructionRecord, ErasureResult, PersonalDataExport, RetentionPolicy } from '~/domain/privacy'
import { normalizeEmail } from '~/domain/accounts'
import { getBackend } from '~/backend/get-backend.server'
import { requireOwner } from '~/features/auth/require-admin'
import { AppError } from '~/lib/app-error'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import { SubjectInputSchema } from './privacy.schemas'
import { retentionPolicyFromEnv } from './retention-policy.server'
import { validate } from '~/lib/validate'
import { actingAs } from '~/features/activity/acting.server'

export interface RetentionView {
  policy: RetentionPolicy
  records: DestructionRecord[]
  /** The signed-in admin's address: the one the page offers no erasure for. */
  you: string
}

export const getRetention = createServerFn({ method: 'GET' })
  .middleware([requireOwner])
  .handler(async ({ context }): Promise<RetentionView> => {
    const backend = await getBackend()
    const records = await backend.privacy.records(LIMITS.retention.recordsShown)
    return { policy: retentionPolicyFromEnv(), records, you: normalizeEmail(context.user.email) }
  })

/** Everything the app holds naming the address: the page's summary and its JSON download. */
export const findPersonalData = createServerFn({ method: 'POST' })
  .middleware([requireOwner])
  .validator(validate(SubjectInputSchema))
  .handler(async ({ data, context }): Promise<PersonalDataExport> => {
    const backend = await getBackend()
    const found = await backend.privacy.exportData(data.email)
    await backend.activity.record({ ...actingAs(context.user.email), action: 'privacy.export', subject: found.email })
    return found
  })

/** Erases it all for good (never the caller's own address, never the last admin) and records the request. */
export const erasePersonalData = createServerFn({ method: 'POST' })
  .middleware([requireOwner])
  .validator(validate(SubjectInputSchema))
  .handler(async ({ data, context }): Promise<Extract<ErasureResult, { ok: true }>> => {
    const backend = await getBackend()
    const result = await backend.privacy.erase(data.email, {
      via: 'staff',
      actor: context.user.email,
      from: actingAs(context.user.email),
    })
    if (result.ok) return result
    if (result.reason === 'self') throw new AppError(409, 'privacy_self', m.kvkk_admin_error_self())
    if (result.reason === 'last_owner') throw new AppError(409, 'privacy_last_owner', m.kvkk_admin_error_last_owner())
    throw new AppError(409, 'privacy_last_admin', m.kvkk_admin_error_last_admin())
  })
