import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { Button } from '~/components/ui/button'
import type { ListSection } from '~/domain/site-content'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import { newItemId } from '../content-paths'
import { ListError } from './content-fields'
import type { ContentEditor } from './use-content-editor'

/**
 * A list section's items: each in its own group with 'Yukarı Taşı', 'Aşağı Taşı' and 'Kaldır',
 * and 'Ekle' below, within LIMITS.content's bounds.
 */
export function ListEditor<T extends { id: string }>({
  editor,
  section,
  items,
  idPrefix,
  newItem,
  title,
  children,
}: {
  editor: ContentEditor
  section: ListSection
  items: readonly T[]
  idPrefix: string
  newItem: (id: string) => T
  /** The item's heading beside its number (its Turkish title, say). */
  title: (item: T) => string
  children: (item: T, index: number) => ReactNode
}) {
  const path = [section, 'items'] as const
  const set = (next: T[]) => editor.update(path, next)
  const move = (from: number, to: number) => {
    const next = [...items]
    const [item] = next.splice(from, 1)
    if (item) next.splice(to, 0, item)
    set(next)
  }
  return (
    <div className="space-y-4">
      <ol className="space-y-4">
        {items.map((item, index) => (
          <ListItem
            key={item.id}
            index={index}
            title={title(item)}
            testId={`content-item-${item.id}`}
            actions={
              <>
                <Button variant="secondary" size="sm" disabled={index === 0} onClick={() => move(index, index - 1)}>
                  <ArrowUp aria-hidden="true" className="size-4" />
                  {m.content_move_up()}
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                  {m.content_move_down()}
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={items.length <= LIMITS.content.itemsMin}
                  onClick={() => set(items.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  {m.content_remove()}
                </Button>
              </>
            }
          >
            {children(item, index)}
          </ListItem>
        ))}
      </ol>
      <ListError editor={editor} path={path} />
      <Button
        variant="secondary"
        disabled={items.length >= LIMITS.content.itemsMax}
        onClick={() =>
          set([
            ...items,
            newItem(
              newItemId(
                idPrefix,
                items.map((item) => item.id),
              ),
            ),
          ])
        }
      >
        <Plus aria-hidden="true" className="size-4" />
        {m.content_add()}
      </Button>
    </div>
  )
}

function ListItem({
  index,
  title,
  testId,
  actions,
  children,
}: {
  index: number
  title: string
  testId: string
  actions: ReactNode
  children: ReactNode
}) {
  const id = useId()
  return (
    <li aria-labelledby={id} data-testid={testId} className="rounded-lg border border-slate-200 bg-slate-50/60 p-4">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="min-w-0 truncate text-sm font-semibold text-slate-900">
          {m.content_item({ n: String(index + 1) })}
          {title ? <span className="font-normal text-slate-600"> · {title}</span> : null}
        </h3>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </div>
      <div className="space-y-5">{children}</div>
    </li>
  )
}

/** An empty text in both languages, for a new item's fields. */
export const EMPTY = { tr: '', en: '' }
