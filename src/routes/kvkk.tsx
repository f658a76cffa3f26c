import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '~/features/legal/components/legal-page'
import { getLegalPage } from '~/features/legal/legal.functions'
import { getLocale } from '~/paraglide/runtime'

export const Route = createFileRoute('/kvkk')({
  loader: async () => {
    const locale = getLocale()
    return { locale, ...(await getLegalPage({ data: { page: 'notice', locale } })) }
  },
  // Worked out on the server: its copy stays out of every page's first chunk.
  head: ({ loaderData }) => loaderData?.head ?? {},
  component: Notice,
})

function Notice() {
  const { locale, facts, content } = Route.useLoaderData()
  return <LegalPage page="notice" locale={locale} facts={facts} content={content} />
}
