import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { ContactSearchSchema } from '~/features/contact/contact-result'
import { landingHead, landingPageQueryOptions } from '~/features/landing'
import { LandingPage } from '~/features/landing/components/landing-page'
import { getLocale } from '~/paraglide/runtime'

export const Route = createFileRoute('/')({
  validateSearch: ContactSearchSchema,
  loader: async ({ context }) => {
    const locale = getLocale()
    const data = await context.queryClient.ensureQueryData(landingPageQueryOptions(locale))
    return { locale, origin: data.origin }
  },
  head: ({ loaderData }) => landingHead(loaderData?.locale ?? getLocale(), loaderData?.origin ?? null),
  component: Home,
})

function Home() {
  const { locale } = Route.useLoaderData()
  const { contact } = Route.useSearch()
  const { data } = useSuspenseQuery(landingPageQueryOptions(locale))
  return <LandingPage locale={locale} data={data} contactResult={contact} />
}
