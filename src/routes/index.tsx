import { createFileRoute } from '@tanstack/react-router'
import { landingRouteHead, loadLandingPage } from '~/features/landing'
import { LandingPage } from '~/features/landing/components/landing-page'
import { parseLandingSearch } from '~/features/landing/landing-search'
import { keepStaticOnServer } from '~/features/landing/static-content'
import { getLocale } from '~/paraglide/runtime'

export const Route = createFileRoute('/')({
  validateSearch: parseLandingSearch,
  loaderDeps: ({ search }) => ({ preview: search.preview === 'draft' }),
  loader: async ({ deps }) => {
    const locale = getLocale()
    const data = await loadLandingPage(locale, deps.preview)
    return { locale, data: { ...data, content: keepStaticOnServer(data.content) } }
  },
  // Coming back to the page within a minute shows what was loaded; live updates keep the banner fresh.
  staleTime: 60_000,
  head: ({ loaderData }) => landingRouteHead(loaderData),
  component: Home,
})

function Home() {
  const { locale, data } = Route.useLoaderData()
  const { contact } = Route.useSearch()
  return <LandingPage locale={locale} data={data} contactResult={contact} />
}
