import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '~/features/legal/components/legal-page'
import { getLegalPage } from '~/features/legal/legal.functions'
import { legalHead } from '~/features/legal/legal.head'
import { getLocale } from '~/paraglide/runtime'

export const Route = createFileRoute('/kvkk')({
  loader: async () => {
    const locale = getLocale()
    return { locale, ...(await getLegalPage({ data: { page: 'notice', locale } })) }
  },
  head: ({ loaderData }) => legalHead(loaderData?.head),
  component: Notice,
})

function Notice() {
  const { locale, facts } = Route.useLoaderData()
  return <LegalPage page="notice" locale={locale} facts={facts} />
}
