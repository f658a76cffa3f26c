import { HydrationBoundary } from '@tanstack/react-query'
import { type SearchSchemaInput, createFileRoute } from '@tanstack/react-router'
import { CONTENT_SECTIONS, type ContentSection } from '~/domain/site-content'
import { ContentPage } from '~/features/content/components/content-page'

/** `?section=` names the editor's screen; anything else is the first one. Plain code (decision 181). */
function parseContentSearch(search: { section?: ContentSection } & SearchSchemaInput): { section: ContentSection } {
  const { section }: Record<string, unknown> = search
  return { section: CONTENT_SECTIONS.includes(section as ContentSection) ? (section as ContentSection) : 'about' }
}

export const Route = createFileRoute('/admin/_authed/content')({
  validateSearch: parseContentSearch,
  // Imported on demand: the editor's queries and copy stay in the admin chunks.
  // The loader travels with the page's component: the route tree (in every first load) keeps neither.
  codeSplitGroupings: [['loader', 'component']],
  loader: () => import('~/features/content/content.queries').then(({ loadContentEditor }) => loadContentEditor()),
  head: ({ loaderData }) => ({ meta: [{ title: loaderData?.title }] }),
  component: ContentRoute,
})

function ContentRoute() {
  const { state } = Route.useLoaderData()
  const { section } = Route.useSearch()
  return (
    <HydrationBoundary state={state}>
      <ContentPage section={section} />
    </HydrationBoundary>
  )
}
