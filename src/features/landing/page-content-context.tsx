import { createContext, type ReactNode, use } from 'react'
import type { PageContent } from '~/domain/site-content'

const PageContentContext = createContext<PageContent | null>(null)

/** The landing page's content in its language, for every section below it. */
export function PageContentProvider({ content, children }: { content: PageContent; children: ReactNode }) {
  return <PageContentContext value={content}>{children}</PageContentContext>
}

export function usePageContent(): PageContent {
  const content = use(PageContentContext)
  if (!content) throw new Error('usePageContent outside PageContentProvider')
  return content
}
