import { useEffect } from 'react'
import { m } from '~/paraglide/messages'
import { formatCount } from './inbox-header'

/** The tab's title carries the unread count, '(3) İletişim Mesajları | Admin Paneli', so a tab in
 * the background shows that messages are waiting. `view` re-applies it after a navigation, whose
 * head may have written the plain title again. */
export function useUnreadTitle(unread: number | undefined, view: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `view` re-runs it after a navigation rewrote the title
  useEffect(() => {
    if (unread === undefined) return
    setTitle(unread > 0 ? m.inbox_meta_title_unread({ count: formatCount(unread) }) : m.inbox_meta_title())
  }, [unread, view])
}

/** Writes into the text node React rendered for the route's head rather than replacing it
 * (`document.title = …` would), so the next page's head still updates the title React knows. */
function setTitle(text: string): void {
  const node = document.querySelector('head > title')?.firstChild
  if (node?.nodeType === Node.TEXT_NODE && !node.nextSibling) node.nodeValue = text
  else document.title = text
}
