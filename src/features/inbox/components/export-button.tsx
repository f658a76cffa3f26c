import { useMutation } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import type { DayRange } from '~/domain/date-range'
import type { ReplyFilter, StatusFilter } from '~/domain/messages'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/toaster'
import { describeError } from '~/lib/app-error'
import { m } from '~/paraglide/messages'
import { exportMessagesCsv } from '../inbox.functions'

/** Downloads the current filter, search and dates as CSV (built on the server, saved by the browser). */
export function ExportButton({
  status,
  q,
  from,
  to,
  owner,
  reply,
}: { status: StatusFilter; q: string; owner?: string; reply?: ReplyFilter } & DayRange) {
  const exporter = useMutation({
    mutationFn: () =>
      exportMessagesCsv({
        data: {
          status,
          q,
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
          ...(owner ? { owner } : {}),
          ...(reply ? { reply } : {}),
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        },
      }),
    onSuccess: (file) => {
      const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }))
      const link = document.createElement('a')
      link.href = url
      link.download = file.filename
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(url), 1000)
      if (file.rows < file.total) toast.info({ title: m.inbox_export_truncated({ count: file.rows }) })
    },
    onError: (error) => {
      const { message } = describeError(error)
      toast.error({ title: m.inbox_export_failed(), description: message || undefined })
    },
  })
  return (
    <Button
      variant="secondary"
      className="shrink-0 whitespace-nowrap"
      onClick={() => exporter.mutate()}
      disabled={exporter.isPending}
      aria-busy={exporter.isPending}
    >
      <Download className="size-4" aria-hidden="true" />
      {exporter.isPending ? m.inbox_exporting() : m.inbox_export()}
    </Button>
  )
}
