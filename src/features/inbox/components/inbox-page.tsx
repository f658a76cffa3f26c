import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useRef } from 'react'
import type { ContactMessage } from '~/domain/messages'
import { m } from '~/paraglide/messages'
import type { InboxSearch } from '../inbox.search'
import { inboxKeys } from '../inbox.queries'
import { ConfirmPurgeDialog } from './confirm-purge-dialog'
import { InboxHeader } from './inbox-header'
import type { InboxNavigate } from './inbox-navigate'
import { LiveArrivalStatus } from './live-arrival-status'
import { MessageDetail } from './message-detail'
import type { MessageHandlers } from './message-handlers'
import { MessageListPanel } from './message-list-panel'
import { useInboxData } from './use-inbox-data'
import { useInboxKeyboard } from './use-inbox-keyboard'
import { useMessageActions } from './use-message-actions'
import { usePurgeFlow } from './use-purge-flow'
import { useRefreshInbox } from './use-refresh-inbox'
import { useRowCursor } from './use-row-cursor'
import { useSelection } from './use-selection'
import { useTrashActions } from './use-trash-actions'
import { useUnreadTitle } from './use-unread-title'

export type { InboxNavigate }

/** /admin/messages: everything the page shows follows the URL's search params. */
export function InboxPage({
  search,
  navigate,
  headerActions,
  notice,
}: {
  search: InboxSearch
  navigate: InboxNavigate
  headerActions?: ReactNode
  /** Other features' notices under the header (late backups). */
  notice?: ReactNode
}) {
  const queryClient = useQueryClient()
  const { list, items, detail } = useInboxData(search, navigate)
  const actions = useMessageActions()
  const selection = useSelection(items?.map((msg) => msg.id) ?? [])
  // Another filter, search or page: the j/k cursor starts again from the top.
  const view = `${search.status}\u0000${search.q}\u0000${search.page}\u0000${search.from}\u0000${search.to}\u0000${search.owner}\u0000${search.reply}`
  const cursor = useRowCursor(view)
  // Messages that left the list on screen: unticked, and closed when open (an empty list: all of them).
  const trash = useTrashActions((ids) => {
    selection.check(ids, false)
    if (search.id && (ids.length === 0 || ids.includes(search.id))) navigate({ id: undefined })
  })
  const purging = usePurgeFlow(trash)
  const handlers: MessageHandlers = {
    toggle: (message) => actions.toggle.mutate(message.id),
    spam: (message) => trash.spam.mutate([message.id]),
    notSpam: (message) => trash.notSpam.mutate([message.id]),
    remove: (message) => trash.trash.mutate({ ids: [message.id], single: true }),
    restore: (message) => trash.restore.mutate([message.id]),
    purge: (message) => purging.ask({ ids: [message.id], name: message.name }),
  }
  const { refreshing, refresh } = useRefreshInbox(list)
  const searchRef = useRef<HTMLInputElement>(null)
  useUnreadTitle(list.data?.unread, view)

  function openMessage(message: ContactMessage, index: number) {
    cursor.setActiveIndex(index)
    // The row already holds the message: show it at once, and never let a slower read race the open.
    queryClient.setQueryData(inboxKeys.detail(message.id), message)
    if (message.id !== search.id) navigate({ id: message.id })
    // Looking into the trash or spam changes nothing.
    if (message.status === 'new' && message.deletedAt === null) actions.open.mutate(message.id)
  }
  useInboxKeyboard({
    items,
    cursor,
    open: openMessage,
    searchRef,
    search,
    navigate,
    checkedIds: selection.checkedIds,
    shown: detail.data ?? undefined,
    handlers,
    bulk: {
      remove: (ids) => bulkRemove(ids),
      spam: (ids) => trash.spam.mutate(ids),
      notSpam: (ids) => trash.notSpam.mutate(ids),
    },
    undo: trash.undoLast,
  })

  function bulkRemove(ids: string[]) {
    if (search.status === 'trash') purging.ask({ ids })
    else trash.trash.mutate({ ids, single: false })
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <main className="mx-auto max-w-[100rem] px-4 py-6 sm:px-6 lg:px-8">
        <InboxHeader
          total={list.data?.total}
          totalExact={list.data?.totalExact}
          unread={list.data?.unread}
          refreshing={refreshing}
          onRefresh={refresh}
          actions={headerActions}
        />
        {notice}
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] xl:grid-cols-[minmax(0,1fr)_28rem]">
          <MessageListPanel
            search={search}
            navigate={navigate}
            searchRef={searchRef}
            list={list}
            checkedIds={selection.checkedIds}
            onClearChecked={selection.clear}
            bulkBusy={actions.bulkUpdate.isPending || trash.busy}
            bulk={{
              onAction: (action) =>
                actions.bulkUpdate.mutate({ ids: selection.checkedIds, action }, { onSuccess: selection.clear }),
              onSpam: () => trash.spam.mutate(selection.checkedIds),
              onNotSpam: () => trash.notSpam.mutate(selection.checkedIds),
              onDelete: () => bulkRemove(selection.checkedIds),
              onRestore: () => trash.restore.mutate(selection.checkedIds),
              onPurge: () => purging.ask({ ids: selection.checkedIds }),
            }}
            onEmptyTrash={() => purging.ask({ everything: true })}
            activeIndex={cursor.activeIndex}
            rowRef={cursor.rowRef}
            checked={selection.checked}
            onCheck={selection.check}
            onOpen={openMessage}
            handlers={handlers}
          />
          <MessageDetail
            selectedId={search.id}
            message={detail.data}
            loading={detail.isPending}
            busy={actions.toggle.isPending || trash.busy}
            handlers={handlers}
            onClose={() => navigate({ id: undefined })}
          />
        </div>
        <p className="mt-4 hidden text-xs text-slate-500 lg:block">{m.inbox_shortcuts()}</p>
        <LiveArrivalStatus />
      </main>
      <ConfirmPurgeDialog request={purging.request} busy={purging.busy} onCancel={purging.cancel} onConfirm={purging.confirm} />
    </div>
  )
}
