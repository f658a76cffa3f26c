import { queryOptions } from '@tanstack/react-query'
import { getSnapshotWarning } from './backups.functions'

/** Looked at when the inbox opens and every few minutes after: snapshots come hours apart. */
export function snapshotWarningQueryOptions() {
  return queryOptions({
    queryKey: ['snapshot-warning'] as const,
    queryFn: () => getSnapshotWarning(),
    staleTime: 5 * 60_000,
    refetchInterval: 5 * 60_000,
    retry: 1,
  })
}
