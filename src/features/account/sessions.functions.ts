/** 'Hesabım' → 'Oturumlar': one's own sessions, listed and ended (docs/decisions/234-staff-sessions.md).
 * Every function acts on the caller's own sessions only. */
import { createServerFn } from '@tanstack/react-start'
import { getBackend } from '~/backend/get-backend.server'
import type { StaffSession } from '~/backend/staff-sessions'
import { actingAs } from '~/features/activity/acting.server'
import { requireAdmin } from '~/features/auth/require-admin'
import { requestContext } from '~/features/auth/request-context.server'
import { AppError } from '~/lib/app-error'
import { validate } from '~/lib/validate'
import { m } from '~/paraglide/messages'
import { EndSessionInputSchema } from './sessions.schemas'

export interface MySessions {
  sessions: StaffSession[]
  /** False where the sign-in service lists only the asking session (Supabase Auth). */
  listsAll: boolean
}

export const getMySessions = createServerFn({ method: 'GET' })
  .middleware([requireAdmin])
  .handler(async (): Promise<MySessions> => {
    const backend = await getBackend()
    const sessions = await backend.auth.sessions.list(requestContext())
    if (!sessions) throw new AppError(401, 'unauthenticated', m.auth_error_unauthenticated())
    return { sessions, listsAll: backend.auth.sessions.listsAll }
  })

/** Ends one of the caller's sessions; ending the current one is signing out (`signedOut`). */
export const endMySession = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(EndSessionInputSchema))
  .handler(async ({ data, context }): Promise<{ ended: boolean; signedOut: boolean }> => {
    const backend = await getBackend()
    const ended = await backend.auth.sessions.end(requestContext(), data.id)
    if (ended) {
      const entry =
        ended === 'current' ? { action: 'sign_out' as const } : { action: 'session.end' as const, detail: { scope: 'one' } }
      await backend.activity.record({ ...actingAs(context.user.email), ...entry })
    }
    return { ended: ended !== null, signedOut: ended === 'current' }
  })

/** 'Diğer Tüm Oturumları Kapat': every session of the caller but this one. */
export const endMyOtherSessions = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .handler(async ({ context }): Promise<{ ended: number | null }> => {
    const backend = await getBackend()
    const ended = await backend.auth.sessions.endOthers(requestContext())
    await backend.activity.record({
      ...actingAs(context.user.email),
      action: 'session.end',
      detail: { scope: 'others', count: ended },
    })
    return { ended }
  })
