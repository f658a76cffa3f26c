import { Portal } from '@ark-ui/react/portal'
import { Select, createListCollection } from '@ark-ui/react/select'
import { Check, ChevronDown } from 'lucide-react'
import { useMemo } from 'react'
import { STATUS_FILTERS, type StatusFilter } from '~/domain/messages'
import { m } from '~/paraglide/messages'
import { statusLabel } from '../status-label'

/** The inbox's statuses, then the places apart from it (spam, the trash), under a line. */
const GROUPS: readonly (readonly StatusFilter[])[] = [
  ['all', 'new', 'read', 'archived'],
  ['spam', 'trash'],
]

/** Tümü / Yeni / Okundu / Arşivlendi | Spam / Çöp Kutusu, as an Ark UI select. */
export function StatusFilterSelect({ value, onChange }: { value: StatusFilter; onChange: (status: StatusFilter) => void }) {
  const collection = useMemo(
    () => createListCollection({ items: STATUS_FILTERS.map((status) => ({ value: status, label: statusLabel(status) })) }),
    [],
  )
  return (
    <Select.Root
      collection={collection}
      value={[value]}
      onValueChange={(details) => {
        const next = details.value[0] as StatusFilter | undefined
        if (next && next !== value) onChange(next)
      }}
      positioning={{ sameWidth: true }}
      className="min-w-0 flex-1 sm:w-44 sm:flex-none"
    >
      <Select.Label className="sr-only">{m.inbox_filter_label()}</Select.Label>
      <Select.Control>
        <Select.Trigger className="flex h-10 w-full items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
          <Select.ValueText />
          <Select.Indicator>
            <ChevronDown className="size-4 text-slate-500" aria-hidden="true" />
          </Select.Indicator>
        </Select.Trigger>
      </Select.Control>
      <Portal>
        <Select.Positioner className="z-40">
          <Select.Content className="rounded-md border border-slate-200 bg-white p-1 shadow-lg outline-none">
            {GROUPS.map((group, i) => (
              <Select.ItemGroup key={group[0]} className={i > 0 ? 'mt-1 border-t border-slate-200 pt-1' : undefined}>
                {collection.items
                  .filter((item) => group.includes(item.value))
                  .map((item) => (
                    <Select.Item
                      key={item.value}
                      item={item}
                      className="flex cursor-pointer items-center justify-between rounded px-2 py-1.5 text-sm text-slate-800 data-highlighted:bg-slate-100 data-[state=checked]:font-medium"
                    >
                      <Select.ItemText>{item.label}</Select.ItemText>
                      <Select.ItemIndicator>
                        <Check className="size-4 text-brand-600" aria-hidden="true" />
                      </Select.ItemIndicator>
                    </Select.Item>
                  ))}
              </Select.ItemGroup>
            ))}
          </Select.Content>
        </Select.Positioner>
      </Portal>
      <Select.HiddenSelect />
    </Select.Root>
  )
}
