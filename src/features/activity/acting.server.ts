/** Who is acting in this request, as the activity log records it (decision 230). */
import type { ActedBy } from '~/backend/backend'
import type { ActivityAction } from '~/domain/activity'
import { clientIp } from '~/lib/client-ip.server'
import { requestScope } from '~/lib/log.server'

/** The signed-in staff member `email`, with this request's id (the request log's) and address. */
export function actingAs(email: string, action?: ActivityAction): ActedBy {
  return { actor: email, requestId: requestScope.getStore()?.requestId ?? null, ip: clientIp(), action }
}
