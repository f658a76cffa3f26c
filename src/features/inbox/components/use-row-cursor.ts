import { useCallback, useRef, useState } from 'react'

/** Where j (`delta` 1) or k (-1) moves the cursor among `count` rows: from none, j starts at the top and k at the bottom. */
export function stepCursor(from: number | null, delta: 1 | -1, count: number): number | null {
  if (count === 0) return null
  const start = from ?? (delta === 1 ? -1 : count)
  return Math.min(count - 1, Math.max(0, start + delta))
}

/** The j/k cursor: which row is highlighted, and keyboard focus on that row's control. Rows hand
 * their control over through `rowRef`. Another `view` (filter, search or page) starts the cursor
 * again from the top. */
export function useRowCursor(view: string) {
  const [activeIndex, setActiveIndex] = useState<number | null>(null)
  const [shownView, setShownView] = useState(view)
  if (view !== shownView) {
    setShownView(view)
    setActiveIndex(null)
  }

  const controls = useRef(new Map<number, HTMLElement>())
  const rowRef = useCallback((index: number, element: HTMLElement | null) => {
    if (element) controls.current.set(index, element)
    else controls.current.delete(index)
  }, [])

  function move(delta: 1 | -1, count: number) {
    const index = stepCursor(activeIndex, delta, count)
    if (index === null) return
    setActiveIndex(index)
    controls.current.get(index)?.focus()
  }

  return { activeIndex, setActiveIndex, move, rowRef }
}
