/**
 * The team page's server functions: validate → authorize (requireAdmin to read, requireOwner to change) → call the
 * backend. The signed-in admin is the actor the database records with each change.
 */
import { createServerFn } from '@tanstack/react-start'
import type { TeamChange, TeamMember, TeamRemovalRefusal } from '~/backend/backend'
import { normalizeEmail } from '~/domain/accounts'
import { getBackend } from '~/backend/get-backend.server'
import { requireAdmin, requireOwner } from '~/features/auth/require-admin'
import { AppError } from '~/lib/app-error'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import { TeamEmailInputSchema, TeamRoleInputSchema } from './team.schemas'
import { validate } from '~/lib/validate'
import { actingAs } from '~/features/activity/acting.server'

export interface TeamView {
  members: TeamMember[]
  history: TeamChange[]
  /** The signed-in admin's address: the one row the page offers no removal for. */
  you: string
  /** Whether the signed-in admin is an owner: only owners see the changes offered. */
  youAreOwner: boolean
}

export const getTeam = createServerFn({ method: 'GET' })
  .middleware([requireAdmin])
  .handler(async ({ context }): Promise<TeamView> => {
    const backend = await getBackend()
    const [members, history] = await Promise.all([backend.team.list(), backend.team.history(LIMITS.team.historyShown)])
    const you = normalizeEmail(context.user.email)
    return { members, history, you, youAreOwner: members.some((member) => member.email === you && member.role === 'owner') }
  })

/** Puts an address on the admin list, creating its account where the mode keeps accounts. */
export const addAdmin = createServerFn({ method: 'POST' })
  .middleware([requireOwner])
  .validator(validate(TeamEmailInputSchema))
  .handler(async ({ data, context }) => {
    const backend = await getBackend()
    const result = await backend.team.add(data.email, context.user.email, actingAs(context.user.email))
    return { email: normalizeEmail(data.email), ...result }
  })

function refusal(reason: TeamRemovalRefusal): AppError {
  if (reason === 'self') return new AppError(409, 'team_self', m.team_error_self())
  if (reason === 'last_admin') return new AppError(409, 'team_last_admin', m.team_error_last_admin())
  if (reason === 'last_owner') return new AppError(409, 'team_last_owner', m.team_error_last_owner())
  return new AppError(404, 'not_found', m.team_error_not_admin())
}

/** Takes an address off the admin list (its account stays): never the caller's own, never the last. */
export const removeAdmin = createServerFn({ method: 'POST' })
  .middleware([requireOwner])
  .validator(validate(TeamEmailInputSchema))
  .handler(async ({ data, context }) => {
    const backend = await getBackend()
    const result = await backend.team.remove(data.email, context.user.email, actingAs(context.user.email))
    if (!result.ok) throw refusal(result.reason)
    return { email: normalizeEmail(data.email) }
  })

/** 'Rol': an owner makes an admin an owner or an owner an admin; never the last owner an admin. */
export const setAdminRole = createServerFn({ method: 'POST' })
  .middleware([requireOwner])
  .validator(validate(TeamRoleInputSchema))
  .handler(async ({ data, context }) => {
    const backend = await getBackend()
    const result = await backend.team.setRole(data.email, data.role, context.user.email, actingAs(context.user.email))
    if (!result.ok) throw refusal(result.reason)
    return { email: normalizeEmail(data.email), role: data.role, changed: result.changed }
  })
