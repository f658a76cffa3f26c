import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '~/features/legal/components/legal-page'
import { getLegalPage } from '~/features/legal/legal.functions'
import { legalHead } from '~/features/legal/legal.head'
import { getLocale } from '~/paraglide/runtime'

export const Route = createFileRoute('/cerezler')({
  loader: async () => {
    const locale = getLocale()
    return { locale, ...(await getLegalPage({ data: { page: 'cookies', locale } })) }
  },
  head: ({ loaderData }) => legalHead(loaderData?.head),
  component: Cookies,
})

function Cookies() {
  const { locale, facts } = Route.useLoaderData()
  return <LegalPage page="cookies" locale={locale} facts={facts} />
}
