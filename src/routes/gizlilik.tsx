import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '~/features/legal/components/legal-page'
import { getLegalPage } from '~/features/legal/legal.functions'
import { legalHead } from '~/features/legal/legal.head'
import { getLocale } from '~/paraglide/runtime'

export const Route = createFileRoute('/gizlilik')({
  loader: async () => {
    const locale = getLocale()
    return { locale, ...(await getLegalPage({ data: { page: 'privacy', locale } })) }
  },
  head: ({ loaderData }) => legalHead(loaderData?.head),
  component: Privacy,
})

function Privacy() {
  const { locale, facts } = Route.useLoaderData()
  return <LegalPage page="privacy" locale={locale} facts={facts} />
}
