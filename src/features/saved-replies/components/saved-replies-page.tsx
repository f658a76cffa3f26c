import { useQuery } from '@tanstack/react-query'
import { StaffPage, LoadFailed } from '~/features/staff-shell/components/staff-page'
import { MessageSquareQuote, Pencil, Trash2 } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import type { SavedReply } from '~/domain/saved-replies'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/dialog'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import { savedRepliesQueryOptions } from '../saved-replies.queries'
import { SavedReplyForm } from './saved-reply-form'
import { SavedReplyPlaceholders } from './saved-reply-placeholders'
import { useSavedReplyActions } from './use-saved-reply-actions'

/** /admin/saved-replies ('Hazır Yanıtlar'): the list, a form to add or edit one, and the placeholders. */
export function SavedRepliesPage({ actions }: { actions?: ReactNode }) {
  const replies = useQuery(savedRepliesQueryOptions())
  const { saveReply, remove } = useSavedReplyActions()
  const [editing, setEditing] = useState<SavedReply | null>(null)
  const [deleting, setDeleting] = useState<SavedReply | null>(null)
  const list = replies.data ?? []

  return (
    <StaffPage
      title={m.saved_replies_title()}
      description={m.saved_replies_description()}
      back={m.saved_replies_back()}
      actions={actions}
    >
      {replies.isError && !replies.data ? (
        <LoadFailed message={m.saved_replies_load_failed()} retry={m.saved_replies_retry()} onRetry={() => replies.refetch()} />
      ) : (
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_28rem]">
          <section aria-labelledby="saved-replies-list" className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm">
            <header className="flex items-baseline justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
              <h2 id="saved-replies-list" className="text-base font-semibold text-slate-900">
                {m.saved_replies_list_title()}
              </h2>
              {replies.data ? (
                <p className="text-sm text-slate-500" data-testid="saved-replies-count">
                  {m.saved_replies_count({ count: String(list.length), max: String(LIMITS.savedReplies.max) })}
                </p>
              ) : null}
            </header>
            {!replies.data ? (
              <p className="px-4 py-8 text-center text-sm text-slate-500">{m.saved_replies_loading()}</p>
            ) : list.length === 0 ? (
              <p className="flex flex-col items-center gap-2 px-4 py-12 text-center text-sm text-slate-500">
                <MessageSquareQuote aria-hidden="true" className="size-6 text-slate-400" />
                {m.saved_replies_empty()}
              </p>
            ) : (
              <ul className="divide-y divide-slate-200" data-testid="saved-replies">
                {list.map((reply) => (
                  <SavedReplyItem
                    key={reply.id}
                    reply={reply}
                    onEdit={() => setEditing(reply)}
                    onDelete={() => setDeleting(reply)}
                  />
                ))}
              </ul>
            )}
          </section>
          <aside className="rounded-xl border border-slate-200 bg-white shadow-sm lg:sticky lg:top-6">
            <SavedReplyForm
              key={editing?.id ?? 'new'}
              editing={editing}
              onSave={async (fields) => {
                const refused = await saveReply(editing?.id ?? null, fields)
                if (!refused) setEditing(null)
                return refused
              }}
              onCancel={() => setEditing(null)}
            />
            <SavedReplyPlaceholders />
          </aside>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        icon={Trash2}
        title={m.saved_replies_delete_title()}
        description={m.saved_replies_delete_text({ title: deleting?.title ?? '' })}
        cancelLabel={m.saved_replies_cancel()}
        confirmLabel={m.saved_replies_delete()}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return
          if (editing?.id === deleting.id) setEditing(null)
          remove.mutate(deleting, { onSettled: () => setDeleting(null) })
        }}
      />
    </StaffPage>
  )
}

function SavedReplyItem({ reply, onEdit, onDelete }: { reply: SavedReply; onEdit: () => void; onDelete: () => void }) {
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:px-5" data-testid="saved-reply">
      <div className="min-w-0 flex-1">
        <h3 className="font-medium text-slate-900 [overflow-wrap:anywhere]">{reply.title}</h3>
        <dl className="mt-1.5 space-y-1 text-sm text-slate-600">
          {(['tr', 'en'] as const).map((lang) => (
            <div key={lang} className="flex gap-2">
              <dt className="w-6 shrink-0 font-mono text-xs leading-5 text-slate-500 uppercase">
                <abbr title={lang === 'tr' ? m.saved_replies_lang_tr() : m.saved_replies_lang_en()} className="no-underline">
                  {lang}
                </abbr>
              </dt>
              <dd lang={lang} className="line-clamp-2 min-w-0 [overflow-wrap:anywhere]">
                {lang === 'tr' ? reply.bodyTr : reply.bodyEn}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={m.saved_replies_edit_label({ title: reply.title })}>
          <Pencil aria-hidden="true" className="size-4" />
          {m.saved_replies_edit()}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={onDelete}
          aria-label={m.saved_replies_delete_label({ title: reply.title })}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {m.saved_replies_delete()}
        </Button>
      </div>
    </li>
  )
}
