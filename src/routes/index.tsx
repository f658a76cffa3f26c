import { createFileRoute } from '@tanstack/react-router'
import { parseContactSearch } from '~/features/contact/contact-result'
import { landingHead, loadLandingPage } from '~/features/landing'
import { LandingPage } from '~/features/landing/components/landing-page'
import { getLocale } from '~/paraglide/runtime'

export const Route = createFileRoute('/')({
  validateSearch: parseContactSearch,
  loader: async () => {
    const locale = getLocale()
    return { locale, data: await loadLandingPage(locale) }
  },
  // Coming back to the page within a minute shows what was loaded; live updates keep the banner fresh.
  staleTime: 60_000,
  head: ({ loaderData }) => landingHead(loaderData?.locale ?? getLocale(), loaderData?.data.origin ?? null),
  component: Home,
})

function Home() {
  const { locale, data } = Route.useLoaderData()
  const { contact } = Route.useSearch()
  return <LandingPage locale={locale} data={data} contactResult={contact} />
}
