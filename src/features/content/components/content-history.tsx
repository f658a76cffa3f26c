import { useQuery } from '@tanstack/react-query'
import { History } from 'lucide-react'
import { useState } from 'react'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/dialog'
import type { ContentVersionSummary } from '~/domain/site-content'
import { TeamDate } from '~/features/team/components/team-date'
import { m } from '~/paraglide/messages'
import { contentVersionsQueryOptions } from '../content.queries'
import type { ContentEditor } from './use-content-editor'

function describeVersion(version: ContentVersionSummary): string {
  if (version.kind === 'restore') return m.content_history_restore({ id: String(version.restoredFrom ?? '') })
  if (version.kind === 'defaults') return m.content_history_defaults()
  return m.content_history_publish()
}

/** 'Geçmiş': published versions, newest first, each restorable at once (recorded as a new version). */
export function ContentHistory({ editor }: { editor: ContentEditor }) {
  const versions = useQuery(contentVersionsQueryOptions())
  const [asking, setAsking] = useState<number | null>(null)
  return (
    <section aria-labelledby="content-history-title" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="border-b border-slate-200 px-4 py-3 sm:px-5">
        <h2 id="content-history-title" className="text-base font-semibold text-slate-900">
          {m.content_history()}
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">{m.content_history_description()}</p>
      </header>
      {versions.data && versions.data.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600 sm:px-5">{m.content_history_empty()}</p>
      ) : (
        <ol className="divide-y divide-slate-100" data-testid="content-history">
          {(versions.data ?? []).map((version, index) => (
            <li
              key={version.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-5"
              data-testid={`content-version-${version.id}`}
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">
                  {m.content_version({ id: String(version.id) })} · {describeVersion(version)}
                  {index === 0 ? (
                    <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-200">
                      {m.content_history_current()}
                    </span>
                  ) : null}
                </p>
                <p className="mt-0.5 text-slate-600">
                  {version.createdBy ?? 'cli'} · <TeamDate iso={version.createdAt} />
                </p>
              </div>
              {index > 0 ? (
                <Button variant="secondary" size="sm" onClick={() => setAsking(version.id)} disabled={editor.restoring}>
                  <History aria-hidden="true" className="size-4" />
                  {m.content_restore()}
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        icon={History}
        title={m.content_restore_confirm_title({ id: String(asking ?? '') })}
        description={m.content_restore_confirm_text()}
        cancelLabel={m.content_cancel()}
        confirmLabel={m.content_restore()}
        pending={editor.restoring}
        onConfirm={() => {
          if (asking !== null) editor.restore(asking)
          setAsking(null)
        }}
      />
    </section>
  )
}
