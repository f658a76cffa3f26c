import { useRouterState } from '@tanstack/react-router'
import { Inbox } from 'lucide-react'
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { ContactMessage } from '~/domain/messages'
import { m } from '~/paraglide/messages'
import { OwnerName } from '~/features/leads/components/owner-name'
import type { MessageHandlers } from './message-handlers'
import { MessageDate } from './message-date'
import { ReplyState } from './reply-state'
import { RowActions } from './row-actions'
import { RowCheckbox } from './row-checkbox'
import { StatusBadge } from './status-badge'

export interface MessageTableProps {
  items: ContactMessage[] | undefined
  loading: boolean
  stale: boolean
  selectedId: string | undefined
  activeIndex: number | null
  checked: ReadonlySet<string>
  onCheck: (ids: string[], checked: boolean) => void
  onOpen: (message: ContactMessage, index: number) => void
  handlers: MessageHandlers
  /** The trash: its rows name the time of deletion rather than of arrival. */
  trash?: boolean
  /** Receives each row's name button, the control the keyboard cursor focuses. */
  rowRef?: (index: number, button: HTMLButtonElement | null) => void
}

/** How long the list shown may be out of date (a search or page on its way) before it is dimmed.
 * Most answers come sooner: dimming for them would only flash the table (and restyle and repaint it
 * while the server works, on the same machine as the browser in the bench; decision 195). */
const DIM_AFTER_MS = 200

/** `flag`, once it has held for `ms`; false as soon as it drops. */
function useHeldFor(flag: boolean, ms: number): boolean {
  const [held, setHeld] = useState(false)
  useEffect(() => {
    setHeld(false)
    if (!flag) return
    const timer = setTimeout(() => setHeld(true), ms)
    return () => clearTimeout(timer)
  }, [flag, ms])
  return flag && held
}

const TH = 'px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase'

/** What a row does, always through the table's latest props: the same functions for the table's
 * whole life, so that a row whose message and state did not change is not rendered again. */
interface RowCallbacks {
  open: (message: ContactMessage, index: number) => void
  check: (ids: string[], checked: boolean) => void
  rowRef: (index: number, button: HTMLButtonElement | null) => void
  handlers: MessageHandlers
}

function useRowCallbacks(props: MessageTableProps): RowCallbacks {
  const latest = useRef(props)
  useLayoutEffect(() => {
    latest.current = props
  })
  return useMemo(
    () => ({
      open: (message, index) => latest.current.onOpen(message, index),
      check: (ids, value) => latest.current.onCheck(ids, value),
      rowRef: (index, button) => latest.current.rowRef?.(index, button),
      handlers: {
        toggle: (message) => latest.current.handlers.toggle(message),
        spam: (message) => latest.current.handlers.spam(message),
        notSpam: (message) => latest.current.handlers.notSpam(message),
        remove: (message) => latest.current.handlers.remove(message),
        restore: (message) => latest.current.handlers.restore(message),
        purge: (message) => latest.current.handlers.purge(message),
      },
    }),
    [],
  )
}

export function MessageTable(props: MessageTableProps) {
  const { items, loading, checked, onCheck, selectedId, activeIndex, trash = false } = props
  // The next list is on its way: the route waits for it before it changes (loadInbox).
  const navigating = useRouterState({ select: (state) => state.status === 'pending' })
  const stale = props.stale || navigating
  const callbacks = useRowCallbacks(props)
  const dimmed = useHeldFor(stale, DIM_AFTER_MS)
  const all = items ?? []
  const checkedHere = all.filter((msg) => checked.has(msg.id)).length
  const headerState = checkedHere === 0 ? false : checkedHere === all.length ? true : 'indeterminate'
  return (
    <table
      className={`w-full table-fixed border-collapse text-sm transition-opacity ${dimmed ? 'opacity-60' : ''}`}
      aria-busy={stale || loading}
    >
      <thead className="border-b border-slate-200 bg-slate-50">
        <tr>
          <th scope="col" className="w-10 py-2 pl-3">
            <RowCheckbox
              checked={all.length > 0 && headerState}
              onChange={(value) =>
                onCheck(
                  all.map((msg) => msg.id),
                  value,
                )
              }
              label={m.inbox_select_all()}
            />
          </th>
          <th scope="col" className={`${TH} hidden w-40 md:table-cell`}>
            {props.trash ? m.inbox_col_deleted_at() : m.inbox_col_date()}
          </th>
          <th scope="col" className={TH}>
            {m.inbox_col_name()}
          </th>
          <th scope="col" className={`${TH} hidden md:table-cell`}>
            {m.inbox_col_email()}
          </th>
          <th scope="col" className={`${TH} hidden w-36 xl:table-cell`}>
            {m.leads_owner_label()}
          </th>
          <th scope="col" className={`${TH} hidden w-28 sm:table-cell`}>
            {m.inbox_col_status()}
          </th>
          <th scope="col" className={`${TH} w-28 text-right`}>
            <span className="sr-only md:not-sr-only">{m.inbox_col_actions()}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {all.length === 0 ? (
          <tr>
            <td colSpan={7} className="px-4 py-16 text-center text-slate-500">
              {loading ? (
                <span role="status">{m.inbox_loading()}</span>
              ) : (
                <span role="status" className="inline-flex flex-col items-center gap-2">
                  <Inbox className="size-8 text-slate-300" aria-hidden="true" />
                  {m.inbox_empty()}
                </span>
              )}
            </td>
          </tr>
        ) : (
          all.map((message, index) => (
            <MessageRow
              key={message.id}
              message={message}
              index={index}
              selected={message.id === selectedId}
              active={activeIndex === index}
              checked={checked.has(message.id)}
              trash={trash}
              callbacks={callbacks}
            />
          ))
        )}
      </tbody>
    </table>
  )
}

interface MessageRowProps {
  message: ContactMessage
  index: number
  selected: boolean
  /** The j/k cursor is on this row. */
  active: boolean
  checked: boolean
  trash: boolean
  callbacks: RowCallbacks
}

/** Equal rows: the same place, state and message content. Each search answers with new objects,
 * often for the same messages (typing 'mehm' → 'mehme'), and a page holds 50 rows: rendering only
 * the rows that changed keeps the page responsive while staff type. */
function sameRow(a: MessageRowProps, b: MessageRowProps): boolean {
  return (
    a.index === b.index &&
    a.selected === b.selected &&
    a.active === b.active &&
    a.checked === b.checked &&
    a.trash === b.trash &&
    a.callbacks === b.callbacks &&
    sameMessage(a.message, b.message)
  )
}

function sameMessage(a: ContactMessage, b: ContactMessage): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.name === b.name &&
      a.email === b.email &&
      a.message === b.message &&
      a.status === b.status &&
      a.createdAt === b.createdAt &&
      a.readAt === b.readAt &&
      a.ipAddress === b.ipAddress &&
      a.deletedAt === b.deletedAt &&
      a.ownerEmail === b.ownerEmail &&
      a.repliedAt === b.repliedAt)
  )
}

const MessageRow = memo(function MessageRow({ message, index, selected, active, checked, trash, callbacks }: MessageRowProps) {
  const unread = message.status === 'new' && message.deletedAt === null
  const date = trash && message.deletedAt ? message.deletedAt : message.createdAt
  return (
    <tr
      data-testid="message-row"
      data-id={message.id}
      data-index={index}
      data-status={message.status}
      data-active={(active && !selected) || undefined}
      aria-current={selected || undefined}
      onClick={() => callbacks.open(message, index)}
      className={[
        'cursor-pointer border-b border-slate-100 last:border-b-0 hover:bg-slate-50',
        // The open message: tinted, with a brand bar on the leading edge.
        selected ? 'bg-brand-50 shadow-[inset_3px_0_0_var(--color-brand-600)] hover:bg-brand-50' : '',
        // The j/k cursor: a grey bar, so it never reads as the open message.
        'data-active:bg-slate-100 data-active:shadow-[inset_3px_0_0_var(--color-slate-400)]',
      ].join(' ')}
    >
      <td className="py-2 pl-3 align-top md:align-middle">
        <RowCheckbox
          checked={checked}
          onChange={(value) => callbacks.check([message.id], value)}
          label={m.inbox_select_row({ name: message.name })}
        />
      </td>
      <td className="hidden px-3 py-3 whitespace-nowrap text-slate-600 md:table-cell">
        <MessageDate iso={date} />
      </td>
      <td className="min-w-0 px-3 py-3">
        <button
          ref={(button) => callbacks.rowRef(index, button)}
          type="button"
          className={`block max-w-full truncate text-left text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 ${unread ? 'font-semibold' : ''}`}
          onClick={(event) => {
            event.stopPropagation()
            callbacks.open(message, index)
          }}
          dir="auto"
        >
          {message.name}
        </button>
        <span className="block truncate text-xs text-slate-500 md:hidden" dir="auto">
          {message.email}
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500 md:hidden">
          <span className="sm:hidden">
            <StatusBadge status={message.status} />
          </span>
          <MessageDate iso={date} />
        </span>
        <span className="mt-0.5 block text-xs leading-4 empty:hidden">
          <ReplyState message={message} />
        </span>
        {message.ownerEmail ? (
          <span className="mt-0.5 block truncate text-xs xl:hidden">
            <OwnerName email={message.ownerEmail} />
          </span>
        ) : null}
      </td>
      <td className="hidden truncate px-3 py-3 text-slate-600 md:table-cell" dir="auto" title={message.email}>
        {message.email}
      </td>
      <td className="hidden truncate px-3 py-3 xl:table-cell" data-testid="row-owner">
        <OwnerName email={message.ownerEmail} />
      </td>
      <td className="hidden px-3 py-3 sm:table-cell">
        <StatusBadge status={message.status} />
      </td>
      <td className="px-2 py-2 text-right whitespace-nowrap">
        <RowActions message={message} handlers={callbacks.handlers} />
      </td>
    </tr>
  )
}, sameRow)
