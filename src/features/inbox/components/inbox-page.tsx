import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import type { ContactMessage } from '~/backend/domain'
import { Button } from '~/components/ui/button'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import type { InboxSearch } from '../inbox.schemas'
import { inboxKeys, messageQueryOptions, messagesQueryOptions } from '../inbox.queries'
import { BulkBar } from './bulk-bar'
import { ConfirmDeleteDialog } from './confirm-delete-dialog'
import { ExportButton } from './export-button'
import { InboxHeader, formatCount } from './inbox-header'
import { MessageDetail } from './message-detail'
import { MessageTable } from './message-table'
import { Pagination } from './pagination'
import { SearchBox } from './search-box'
import { StatusFilterSelect } from './status-filter'
import { useInboxShortcuts } from './use-inbox-shortcuts'
import { useLiveInbox } from './use-live-inbox'
import { useUnreadTitle } from './use-unread-title'
import { redirectIfSignedOut, useMessageActions } from './use-message-actions'

export type InboxNavigate = (patch: Partial<InboxSearch>, options?: { replace?: boolean }) => void

/** /admin/messages: everything the page shows follows the URL's search params. */
export function InboxPage({
  search,
  navigate,
  headerActions,
}: {
  search: InboxSearch
  navigate: InboxNavigate
  headerActions?: ReactNode
}) {
  const queryClient = useQueryClient()
  const list = useQuery(messagesQueryOptions(search))
  const items = list.data?.items
  const listed = items?.find((msg) => msg.id === search.id)
  const detail = useQuery({
    ...messageQueryOptions(search.id ?? ''),
    enabled: search.id !== undefined,
    placeholderData: listed,
  })
  const actions = useMessageActions()
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set())
  const [activeIndex, setActiveIndex] = useState<number | null>(null)
  const [pendingDelete, setPendingDelete] = useState<{ ids: string[]; name?: string } | null>(null)
  const [refreshing, setRefreshing] = useState(false)
  const searchRef = useRef<HTMLInputElement>(null)
  const checkedIds = (items ?? []).filter((msg) => checked.has(msg.id)).map((msg) => msg.id)
  // Another filter, search or page: the j/k cursor starts again from the top.
  const view = `${search.status}\u0000${search.q}\u0000${search.page}`
  const [shownView, setShownView] = useState(view)
  if (view !== shownView) {
    setShownView(view)
    setActiveIndex(null)
  }

  useEffect(() => {
    if (list.error) redirectIfSignedOut(list.error)
  }, [list.error])

  // New messages appear without 'Yenile'; a screen reader hears how many arrived.
  const [arrival, setArrival] = useState({ text: '', seq: 0 })
  const announceArrival = useCallback(
    (count: number) => setArrival((prev) => ({ text: m.inbox_live_new({ count: formatCount(count) }), seq: prev.seq + 1 })),
    [],
  )
  useLiveInbox(announceArrival)
  useUnreadTitle(list.data?.unread, view)

  // A page past the end (its last messages were just deleted) moves back to the last page. With a
  // capped search count the last page is unknown, but `total` still counts every row up to the
  // end of the page asked for, so a page past it is past the end.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && search.page > lastPage) navigate({ page: lastPage }, { replace: true })
  }, [list.data, list.isPlaceholderData, search.page, lastPage, navigate])

  function openMessage(message: ContactMessage, index: number) {
    setActiveIndex(index)
    // The row already holds the message: show it at once, and never let a slower read race the open.
    queryClient.setQueryData(inboxKeys.detail(message.id), message)
    if (message.id !== search.id) navigate({ id: message.id })
    if (message.status === 'new') actions.open.mutate(message.id)
  }

  function confirmDelete() {
    if (!pendingDelete) return
    const { ids } = pendingDelete
    const done = () => {
      setPendingDelete(null)
      setChecked((prev) => new Set([...prev].filter((id) => !ids.includes(id))))
      if (search.id && ids.includes(search.id)) navigate({ id: undefined })
    }
    if (ids.length === 1 && pendingDelete.name !== undefined) actions.remove.mutate(ids[0]!, { onSuccess: done })
    else actions.bulkRemove.mutate(ids, { onSuccess: done })
  }

  function focusRow(index: number) {
    setActiveIndex(index)
    document.querySelector<HTMLElement>(`[data-testid="message-row"][data-index="${index}"] button`)?.focus()
  }

  useInboxShortcuts({
    move: (delta) => {
      if (!items || items.length === 0) return
      const from = activeIndex ?? (delta === 1 ? -1 : items.length)
      focusRow(Math.min(items.length - 1, Math.max(0, from + delta)))
    },
    openActive: () => {
      const message = activeIndex === null ? undefined : items?.[activeIndex]
      if (message) openMessage(message, activeIndex!)
      return message !== undefined
    },
    focusSearch: () => {
      const input = searchRef.current
      if (!input) return
      input.focus()
      input.setSelectionRange(input.value.length, input.value.length)
    },
    close: () => {
      if (search.id) navigate({ id: undefined })
    },
  })

  const deleting = actions.remove.isPending || actions.bulkRemove.isPending
  return (
    <div className="min-h-dvh bg-slate-50">
      <main className="mx-auto max-w-[100rem] px-4 py-6 sm:px-6 lg:px-8">
        <InboxHeader
          total={list.data?.total}
          totalExact={list.data?.totalExact}
          unread={list.data?.unread}
          refreshing={refreshing}
          onRefresh={async () => {
            setRefreshing(true)
            await queryClient.invalidateQueries({ queryKey: inboxKeys.all }).finally(() => setRefreshing(false))
          }}
          actions={headerActions}
        />
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] xl:grid-cols-[minmax(0,1fr)_28rem]">
          <section className="min-w-0 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-start">
              <SearchBox
                value={search.q}
                inputRef={searchRef}
                onSearch={(q) => navigate({ q, page: 1 }, { replace: search.q !== '' && q !== '' })}
              />
              <div className="flex gap-3">
                <StatusFilterSelect value={search.status} onChange={(status) => navigate({ status, page: 1 })} />
                <ExportButton status={search.status} q={search.q} />
              </div>
            </div>
            {checkedIds.length > 0 ? (
              <BulkBar
                count={checkedIds.length}
                busy={actions.bulkUpdate.isPending || deleting}
                onAction={(action) =>
                  actions.bulkUpdate.mutate({ ids: checkedIds, action }, { onSuccess: () => setChecked(new Set()) })
                }
                onDelete={() => setPendingDelete({ ids: checkedIds })}
                onClear={() => setChecked(new Set())}
              />
            ) : null}
            {list.isError && !list.data ? (
              <div role="alert" className="flex flex-col items-center gap-3 px-4 py-16 text-sm text-slate-600">
                {m.inbox_load_failed()}
                <Button variant="secondary" size="sm" onClick={() => list.refetch()}>
                  {m.inbox_retry()}
                </Button>
              </div>
            ) : (
              <MessageTable
                items={items}
                loading={list.isPending}
                stale={list.isPlaceholderData}
                selectedId={search.id}
                activeIndex={activeIndex}
                checked={checked}
                onCheck={(ids, value) =>
                  setChecked((prev) => {
                    const next = new Set(prev)
                    for (const id of ids) {
                      if (value) next.add(id)
                      else next.delete(id)
                    }
                    return next
                  })
                }
                onOpen={openMessage}
                onToggle={(message) => actions.toggle.mutate(message.id)}
                onDelete={(message) => setPendingDelete({ ids: [message.id], name: message.name })}
              />
            )}
            <Pagination
              page={search.page}
              pageSize={list.data?.pageSize ?? LIMITS.inbox.pageSize}
              total={list.data?.total ?? 0}
              totalExact={list.data?.totalExact}
              onPage={(page) => navigate({ page })}
            />
          </section>
          <MessageDetail
            selectedId={search.id}
            message={detail.data}
            loading={detail.isPending}
            busy={actions.toggle.isPending || deleting}
            onToggle={(message) => actions.toggle.mutate(message.id)}
            onDelete={(message) => setPendingDelete({ ids: [message.id], name: message.name })}
            onClose={() => navigate({ id: undefined })}
          />
        </div>
        <p className="mt-4 hidden text-xs text-slate-500 lg:block">{m.inbox_shortcuts()}</p>
        <p role="status" className="sr-only" data-testid="inbox-live-status">
          {/* A trailing space on every other arrival, so the same words are announced again. */}
          {arrival.seq % 2 === 1 ? `${arrival.text}\u00a0` : arrival.text}
        </p>
      </main>
      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null)
        }}
        title={
          pendingDelete?.name !== undefined
            ? m.inbox_delete_title()
            : m.inbox_bulk_delete_title({ count: pendingDelete?.ids.length ?? 0 })
        }
        text={pendingDelete?.name !== undefined ? m.inbox_delete_text({ name: pendingDelete.name }) : m.inbox_bulk_delete_text()}
        busy={deleting}
        onConfirm={confirmDelete}
      />
    </div>
  )
}
