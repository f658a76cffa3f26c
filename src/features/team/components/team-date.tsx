import { format } from 'date-fns'
import { enUS, tr } from 'date-fns/locale'
import { useSyncExternalStore } from 'react'
import { getLocale } from '~/paraglide/runtime'

const subscribe = () => () => {}

/** `dd MMM yyyy HH:mm` as the inbox writes dates; in the reader's time zone, so only in the browser. */
export function formatTeamDate(iso: string): string {
  return format(new Date(iso), 'dd MMM yyyy HH:mm', { locale: getLocale() === 'en' ? enUS : tr })
}

export function TeamDate({ iso, className = '' }: { iso: string; className?: string }) {
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
  return (
    <time dateTime={iso} className={`tabular-nums ${className}`}>
      {hydrated ? formatTeamDate(iso) : '\u00a0'}
    </time>
  )
}
