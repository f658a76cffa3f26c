import type { Locale } from '~/domain/locales'
import type { MessageStatus, StatusFilter } from '~/domain/messages'
import { m } from '~/paraglide/messages'

/** 'Yeni', 'Okundu', 'Arşivlendi', 'Spam' (and 'Tümü', 'Çöp Kutusu' for the filter), in the given or current language. */
export function statusLabel(status: StatusFilter | MessageStatus, locale?: Locale): string {
  const options = locale ? { locale } : undefined
  switch (status) {
    case 'all':
      return m.inbox_filter_all({}, options)
    case 'new':
      return m.inbox_status_new({}, options)
    case 'read':
      return m.inbox_status_read({}, options)
    case 'archived':
      return m.inbox_status_archived({}, options)
    case 'spam':
      return m.inbox_status_spam({}, options)
    case 'trash':
      return m.inbox_filter_trash({}, options)
  }
}
