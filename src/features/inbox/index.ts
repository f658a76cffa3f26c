// Public surface of the inbox feature, used by the /admin/messages route.
export { InboxPage, type InboxNavigate } from './components/inbox-page'
export { INBOX_SEARCH_DEFAULTS, InboxSearchSchema, type InboxSearch } from './inbox.schemas'
export { loadInbox } from './inbox.queries'
