import type { UseQueryResult } from '@tanstack/react-query'
import type { Ref } from 'react'
import type { MessagePage } from '~/backend/domain'
import { Button } from '~/components/ui/button'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import type { BulkAction, InboxSearch } from '../inbox.schemas'
import { BulkBar } from './bulk-bar'
import { ExportButton } from './export-button'
import type { InboxNavigate } from './inbox-navigate'
import { MessageTable, type MessageTableProps } from './message-table'
import { Pagination } from './pagination'
import { SearchBox } from './search-box'
import { StatusFilterSelect } from './status-filter'

/** The list column: search, filter and export, the bulk bar while rows are ticked, the table and its pages. */
export function MessageListPanel({
  search,
  navigate,
  searchRef,
  list,
  checkedIds,
  onClearChecked,
  bulkBusy,
  onBulkAction,
  onBulkDelete,
  ...table
}: {
  search: InboxSearch
  navigate: InboxNavigate
  searchRef: Ref<HTMLInputElement>
  list: UseQueryResult<MessagePage>
  checkedIds: string[]
  onClearChecked: () => void
  bulkBusy: boolean
  onBulkAction: (action: BulkAction) => void
  onBulkDelete: () => void
} & Omit<MessageTableProps, 'items' | 'loading' | 'stale' | 'selectedId'>) {
  return (
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
          busy={bulkBusy}
          onAction={onBulkAction}
          onDelete={onBulkDelete}
          onClear={onClearChecked}
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
          items={list.data?.items}
          loading={list.isPending}
          stale={list.isPlaceholderData}
          selectedId={search.id}
          {...table}
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
  )
}
