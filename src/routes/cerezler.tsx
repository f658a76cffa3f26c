import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '~/features/legal/components/legal-page'
import { getLegalFacts } from '~/features/legal/legal.functions'
import { legalHead } from '~/features/legal/legal.head'
import { getLocale } from '~/paraglide/runtime'

export const Route = createFileRoute('/cerezler')({
  loader: async () => ({ locale: getLocale(), facts: await getLegalFacts() }),
  head: ({ loaderData }) => legalHead('cookies', loaderData?.locale ?? getLocale(), loaderData?.facts.origin ?? null),
  component: Cookies,
})

function Cookies() {
  const { locale, facts } = Route.useLoaderData()
  return <LegalPage page="cookies" locale={locale} facts={facts} />
}
