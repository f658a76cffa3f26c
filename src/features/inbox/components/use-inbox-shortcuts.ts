import { useEffect, useEffectEvent } from 'react'

/** Keys typed into a field, or inside a menu or dialog, belong there. */
function ownedElsewhere(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null
  if (!target) return false
  if (target.isContentEditable) return true
  if (
    target.closest(
      'input:not([type="checkbox"]), textarea, select, [role="listbox"], [role="menu"], [role="dialog"], [role="alertdialog"]',
    )
  )
    return true
  return document.querySelector('[role="alertdialog"][data-state="open"], [role="dialog"][data-state="open"]') !== null
}

/** j / k move through the rows, Enter opens the highlighted one, / jumps to the search box, Escape
 * closes the open message, Delete (or #) deletes, ! marks spam, z undoes the last deletion.
 * Modified keys (Ctrl+J…) stay the browser's; Shift is how # and ! are typed. */
export function useInboxShortcuts(handlers: {
  move: (delta: 1 | -1) => void
  openActive: () => boolean
  focusSearch: () => void
  close: () => void
  remove: () => void
  spam: () => void
  undo: () => void
}) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return
    if (ownedElsewhere(event)) return
    const target = event.target as HTMLElement | null
    switch (event.key) {
      case 'j':
      case 'k':
        event.preventDefault()
        handlers.move(event.key === 'j' ? 1 : -1)
        break
      case 'Enter':
        // Enter on a focused button or link is that control's business.
        if (target?.closest('button, a')) return
        if (handlers.openActive()) event.preventDefault()
        break
      case '/':
        event.preventDefault()
        handlers.focusSearch()
        break
      case 'Escape':
        handlers.close()
        break
      case 'Delete':
      case '#':
        // Delete on a focused button is still a delete: no control here uses the key.
        event.preventDefault()
        handlers.remove()
        break
      case '!':
        event.preventDefault()
        handlers.spam()
        break
      case 'z':
        event.preventDefault()
        handlers.undo()
        break
    }
  })
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [])
}
