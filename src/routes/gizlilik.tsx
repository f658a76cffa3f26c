import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '~/features/legal/components/legal-page'
import { getLegalFacts } from '~/features/legal/legal.functions'
import { legalHead } from '~/features/legal/legal.head'
import { getLocale } from '~/paraglide/runtime'

export const Route = createFileRoute('/gizlilik')({
  loader: async () => ({ locale: getLocale(), facts: await getLegalFacts() }),
  head: ({ loaderData }) => legalHead('privacy', loaderData?.locale ?? getLocale(), loaderData?.facts.origin ?? null),
  component: Privacy,
})

function Privacy() {
  const { locale, facts } = Route.useLoaderData()
  return <LegalPage page="privacy" locale={locale} facts={facts} />
}
