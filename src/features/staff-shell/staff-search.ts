/** Staff routes' search schemas, out of the route tree every page loads: typed stand-ins validating with
 * the real ones, which src/server.ts and, before an /admin page hydrates, src/client.tsx provide. */
import type { ActivitySearchSchema } from '~/features/activity/activity.schemas'
import type { parseInboxSearch } from '~/features/inbox/inbox.search'
import type { StatsSearchSchema } from '~/features/stats/stats.search'

export interface StaffSearchSchemas {
  activity: typeof ActivitySearchSchema
  stats: typeof StatsSearchSchema
  inbox: typeof parseInboxSearch
}

const provided: Partial<StaffSearchSchemas> = {}

export function provideStaffSearchSchemas(schemas: StaffSearchSchemas): void {
  Object.assign(provided, schemas)
}

function schema<K extends keyof StaffSearchSchemas>(key: K): StaffSearchSchemas[K] {
  const found = provided[key]
  // Only an /admin page's client-side navigation from a public page could get here: none links there.
  if (!found) throw new Error(`staff search schemas not loaded: ${key}`)
  return found
}

/** A Standard Schema that is the valibot schema `key` once provided (the router validates with it as before). */
export function staffSearchSchema<K extends 'activity' | 'stats'>(key: K): StaffSearchSchemas[K] {
  const validate = (value: unknown) => schema(key)['~standard'].validate(value)
  return { '~standard': { version: 1, vendor: 'valibot', validate } } as unknown as StaffSearchSchemas[K]
}

/** The inbox's lenient reader (plain code, decision 181), once provided. */
export const parseInboxSearchWhenLoaded: StaffSearchSchemas['inbox'] = (search) => schema('inbox')(search)
