import { HydrationBoundary } from '@tanstack/react-query'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { useCallback } from 'react'
import { SignOutButton } from '~/features/auth/components/sign-out-button'
import { SnapshotWarning } from '~/features/backups/components/snapshot-warning'
import { BannerManagerButton } from '~/features/banners/components/banner-manager-button'
import { type InboxNavigate, InboxPage } from '~/features/inbox/components/inbox-page'
import { INBOX_SEARCH_DEFAULTS } from '~/features/inbox/inbox-search-defaults'
import { NotificationSettingsButton } from '~/features/notifications/components/notification-settings-button'
import { parseInboxSearchWhenLoaded } from '~/features/staff-shell/staff-search'
import { m } from '~/paraglide/messages'

export const Route = createFileRoute('/admin/_authed/messages')({
  validateSearch: parseInboxSearchWhenLoaded,
  search: { middlewares: [stripSearchParams(INBOX_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search: { status, q, page, id, from, to, owner, reply } }) => ({ status, q, page, id, from, to, owner, reply }),
  // Imported on demand: TanStack Query belongs to the admin chunks, not to the shared route tree.
  // The late-backups notice and the team's names are read with the first page on the server (no call as the page starts).
  // The loader (and the title) travel with the page's component: the route tree, in every first load, keeps neither.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ deps }) =>
    Promise.all([
      import('~/features/inbox/inbox.queries'),
      import('~/features/backups/backups.queries'),
      import('~/features/leads/leads.queries'),
    ]).then(([{ loadInbox }, { snapshotWarningQueryOptions }, { staffDirectoryQueryOptions }]) =>
      loadInbox(deps, [
        (queryClient) => queryClient.prefetchQuery(snapshotWarningQueryOptions()),
        // The team's names (owners in the table, the owner filter) come with the page too.
        (queryClient) => queryClient.prefetchQuery(staffDirectoryQueryOptions()),
      ]).then((state) => ({ state, title: m.inbox_meta_title() })),
    ),
  head: ({ loaderData }) => ({ meta: [{ title: loaderData?.title }] }),
  component: MessagesRoute,
})

function MessagesRoute() {
  const search = Route.useSearch()
  // The queries the loader ran on the server, handed to the browser's cache with the page.
  const { state: prefetched } = Route.useLoaderData()
  const routeNavigate = Route.useNavigate()
  const navigate = useCallback<InboxNavigate>(
    (patch, options) => routeNavigate({ search: (prev) => ({ ...prev, ...patch }), replace: options?.replace }),
    [routeNavigate],
  )
  return (
    <HydrationBoundary state={prefetched}>
      <InboxPage
        search={search}
        navigate={navigate}
        notice={<SnapshotWarning />}
        headerActions={
          <>
            <BannerManagerButton />
            <NotificationSettingsButton />
            {/* 'Ekip' and 'KVKK' are in the staff navigation; 'Çıkış' is at the sidebar's foot from 1024 px. */}
            <SignOutButton className="xl:hidden" />
          </>
        }
      />
    </HydrationBoundary>
  )
}
