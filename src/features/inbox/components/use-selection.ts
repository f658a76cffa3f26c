import { useState } from 'react'

/** `prev` with `ids` ticked (`value` true) or unticked. */
export function withChecked(prev: ReadonlySet<string>, ids: readonly string[], value: boolean): ReadonlySet<string> {
  const next = new Set(prev)
  for (const id of ids) {
    if (value) next.add(id)
    else next.delete(id)
  }
  return next
}

/** The ticked rows. A tick outlives a page change; `checkedIds` holds only the ticked rows the page
 * shows, in the page's order, and is what the bulk bar acts on. */
export function useSelection(shownIds: readonly string[]) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set())
  return {
    checked,
    checkedIds: shownIds.filter((id) => checked.has(id)),
    check: (ids: readonly string[], value: boolean) => setChecked((prev) => withChecked(prev, ids, value)),
    clear: () => setChecked(new Set()),
  }
}
