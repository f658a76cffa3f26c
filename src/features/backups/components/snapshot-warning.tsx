import { useQuery } from '@tanstack/react-query'
import { TriangleAlert } from 'lucide-react'
import { m } from '~/paraglide/messages'
import { getLocale } from '~/paraglide/runtime'
import { snapshotWarningQueryOptions } from '../backups.queries'

function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat(getLocale() === 'en' ? 'en-GB' : 'tr-TR', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  )
}

/** In the inbox header, for admins, only when automatic snapshots are late (docs/backups.md). */
export function SnapshotWarning() {
  const { data } = useQuery(snapshotWarningQueryOptions())
  if (!data?.late) return null
  return (
    <div
      role="status"
      data-testid="snapshot-warning"
      className="mt-4 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <p>
        {data.newestAt ? m.backups_warning_late({ when: formatWhen(data.newestAt) }) : m.backups_warning_none()}{' '}
        {m.backups_warning_hint()}
      </p>
    </div>
  )
}
