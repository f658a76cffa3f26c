/** Provides the staff routes' real search schemas (staff-search.ts): imported by the server's entry
 * and, in the browser, only on /admin pages (src/client.tsx), so valibot stays out of visitors' code. */
import { ActivitySearchSchema } from '~/features/activity/activity.schemas'
import { parseInboxSearch } from '~/features/inbox/inbox.search'
import { StatsSearchSchema } from '~/features/stats/stats.search'
import { provideStaffSearchSchemas } from './staff-search'

provideStaffSearchSchemas({ activity: ActivitySearchSchema, stats: StatsSearchSchema, inbox: parseInboxSearch })
