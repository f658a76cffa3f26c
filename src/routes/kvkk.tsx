import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '~/features/legal/components/legal-page'
import { getLegalFacts } from '~/features/legal/legal.functions'
import { legalHead } from '~/features/legal/legal.head'
import { getLocale } from '~/paraglide/runtime'

export const Route = createFileRoute('/kvkk')({
  loader: async () => ({ locale: getLocale(), facts: await getLegalFacts() }),
  head: ({ loaderData }) => legalHead('notice', loaderData?.locale ?? getLocale(), loaderData?.facts.origin ?? null),
  component: Notice,
})

function Notice() {
  const { locale, facts } = Route.useLoaderData()
  return <LegalPage page="notice" locale={locale} facts={facts} />
}
