import { format } from 'date-fns'
import { enUS, tr } from 'date-fns/locale'
import { useSyncExternalStore } from 'react'
import { getLocale } from '~/paraglide/runtime'

const subscribe = () => () => {}

/** True once the page has hydrated. Dates are written in the reader's time zone, which the server
 * does not know; rendering them only in the browser keeps hydration consistent. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

/** `dd MMM yyyy HH:mm` in Turkish (date-fns `tr`), or in English when the admin reads English. */
export function formatMessageDate(iso: string): string {
  return format(new Date(iso), 'dd MMM yyyy HH:mm', { locale: getLocale() === 'en' ? enUS : tr })
}

export function MessageDate({ iso, className = '' }: { iso: string; className?: string }) {
  const hydrated = useHydrated()
  return (
    <time dateTime={iso} className={`tabular-nums ${className}`}>
      {hydrated ? formatMessageDate(iso) : '\u00a0'}
    </time>
  )
}
