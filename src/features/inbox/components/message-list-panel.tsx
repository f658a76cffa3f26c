import type { UseQueryResult } from '@tanstack/react-query'
import type { Ref } from 'react'
import { dateRangeOf } from '~/domain/date-range'
import type { MessagePage } from '~/domain/messages'
import { Button } from '~/components/ui/button'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import type { InboxSearch } from '../inbox.search'
import { placeOfFilter } from '../message-place'
import { BulkBar, type BulkHandlers } from './bulk-bar'
import { OwnerFilter } from '~/features/leads/components/owner-filter'
import { DateFilter } from './date-filter'
import { ExportButton } from './export-button'
import type { InboxNavigate } from './inbox-navigate'
import { MessageTable, type MessageTableProps } from './message-table'
import { Pagination } from './pagination'
import { PlaceNotice } from './place-notice'
import { ReplyFilterToggle } from './reply-filter'
import { SearchBox } from './search-box'
import { StatusFilterSelect } from './status-filter'
import { useSearchFirst } from './use-search-first'

/** The list column: search, filter and export, the spam or trash notice, the bulk bar while rows are
 * ticked, the table and its pages. */
export function MessageListPanel({
  search,
  navigate,
  searchRef,
  list,
  checkedIds,
  onClearChecked,
  bulkBusy,
  bulk,
  onEmptyTrash,
  ...table
}: {
  search: InboxSearch
  navigate: InboxNavigate
  searchRef: Ref<HTMLInputElement>
  list: UseQueryResult<MessagePage>
  checkedIds: string[]
  onClearChecked: () => void
  bulkBusy: boolean
  bulk: BulkHandlers
  onEmptyTrash: () => void
} & Omit<MessageTableProps, 'items' | 'loading' | 'stale' | 'selectedId' | 'trash'>) {
  const place = placeOfFilter(search.status)
  const searching = useSearchFirst(search, navigate)
  return (
    <section className="min-w-0 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-start">
        <SearchBox value={search.q} inputRef={searchRef} onSearch={searching.onSearch} />
        <div className="flex gap-3">
          <StatusFilterSelect value={search.status} onChange={(status) => navigate({ status, page: 1 })} />
          <ExportButton
            status={search.status}
            q={search.q}
            owner={search.owner}
            reply={search.reply}
            {...dateRangeOf(search).range}
          />
        </div>
      </div>
      <DateFilter search={search} navigate={navigate}>
        <OwnerFilter value={search.owner} onChange={(owner) => navigate({ owner, page: 1 })} />
        <ReplyFilterToggle value={search.reply} onChange={(reply) => navigate({ reply, page: 1 })} />
      </DateFilter>
      <PlaceNotice
        place={place}
        empty={
          list.data?.total === 0 &&
          search.q === '' &&
          search.from === undefined &&
          search.to === undefined &&
          search.owner === undefined &&
          search.reply === undefined
        }
        busy={bulkBusy}
        onEmptyTrash={onEmptyTrash}
      />
      {checkedIds.length > 0 ? (
        <BulkBar count={checkedIds.length} place={place} busy={bulkBusy} handlers={bulk} onClear={onClearChecked} />
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
          stale={list.isPlaceholderData || searching.waiting}
          selectedId={search.id}
          trash={place === 'trash'}
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
