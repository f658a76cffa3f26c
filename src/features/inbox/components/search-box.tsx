import { Search, X } from 'lucide-react'
import { type Ref, useEffect, useEffectEvent, useState } from 'react'
import { searchMode } from '~/domain/messages'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import { normalizeSearch } from '../inbox.search'

const DEBOUNCE_MS = 300

/** The search field. It keeps its own text while the reader types and writes the URL after a pause;
 * the field is never re-mounted, so focus and caret stay put. A new search from the URL
 * (back/forward, a shared link) replaces the text. */
export function SearchBox({
  value,
  onSearch,
  inputRef,
}: {
  value: string
  onSearch: (q: string) => void
  inputRef: Ref<HTMLInputElement>
}) {
  const [text, setText] = useState(value)
  const [shown, setShown] = useState(value)
  const [sent, setSent] = useState(value)
  // The URL changed. Our own update coming back is ignored (the reader may have typed on
  // since); a change from elsewhere (back/forward) replaces the text.
  if (value !== shown) {
    setShown(value)
    if (value !== sent) {
      setSent(value)
      if (normalizeSearch(text) !== value) setText(value)
    }
  }

  const commit = useEffectEvent((next: string) => {
    setSent(next)
    onSearch(next)
  })
  useEffect(() => {
    const next = normalizeSearch(text)
    if (next === sent) return
    const timer = setTimeout(() => commit(next), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, sent])

  const term = normalizeSearch(text)
  const short = term !== '' && searchMode(term) === 'wordStart'

  return (
    <div className="min-w-0 flex-1">
      <div className="relative">
        <label htmlFor="inbox-search" className="sr-only">
          {m.inbox_search_label()}
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          ref={inputRef}
          id="inbox-search"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && text !== '') {
              event.preventDefault()
              setText('')
            }
          }}
          maxLength={LIMITS.inbox.searchMax}
          placeholder={m.inbox_search_placeholder()}
          autoComplete="off"
          spellCheck={false}
          aria-keyshortcuts="/"
          aria-describedby={short ? 'inbox-search-hint' : undefined}
          className="block h-10 w-full rounded-md border border-slate-300 bg-white pr-16 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-500/30 [&::-webkit-search-cancel-button]:appearance-none"
        />
        <div className="absolute inset-y-0 right-2 flex items-center gap-1">
          {text !== '' ? (
            <button
              type="button"
              onClick={() => setText('')}
              className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
              aria-label={m.inbox_search_clear()}
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: the key hint is decoration; the search box has its own label
            <kbd
              className="hidden rounded border border-slate-200 bg-slate-50 px-1.5 font-sans text-xs text-slate-500 sm:inline"
              aria-hidden="true"
            >
              /
            </kbd>
          )}
        </div>
      </div>
      {short ? (
        <p id="inbox-search-hint" className="mt-1.5 text-xs text-slate-600">
          {m.inbox_search_short_hint()}
        </p>
      ) : null}
    </div>
  )
}
