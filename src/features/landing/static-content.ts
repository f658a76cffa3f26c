import { createIsomorphicFn } from '@tanstack/react-start'
import type { PageContent } from '~/domain/site-content'
import { requestScratch } from '~/lib/request-scratch.server'

/** The sections the page never hydrates (the footer too): the server's HTML is all a visitor gets of
 * them, so their texts stay on the server instead of travelling a second time in the hydration payload. */
type StaticSection = 'about' | 'services' | 'industries' | 'products' | 'references' | 'footer' | 'seo'
/** What the browser gets of the content: what hydrated parts (the contact cards) read. */
export type VisitorContent = Omit<PageContent, StaticSection> & Partial<Pick<PageContent, StaticSection>>
const KEY = 'landing-static-content'

function withoutStatic(content: PageContent): VisitorContent {
  const { about, services, industries, products, references, footer, seo, ...rest } = content
  return rest
}

/** The loader's content as it travels to the browser; on the server the whole is kept for this render. */
export const keepStaticOnServer = createIsomorphicFn()
  .server((content: PageContent): VisitorContent => {
    const scratch = requestScratch.getStore()
    // Outside a request's scope (a test rendering the page alone) the content travels whole.
    if (!scratch) return content
    scratch.set(KEY, content)
    return withoutStatic(content)
  })
  .client((content: PageContent): VisitorContent => withoutStatic(content))

/** The content for the page's sections: whole on the server; in the browser, the hydrated parts' share. */
export const withStaticOnServer = createIsomorphicFn()
  .server((content: VisitorContent): PageContent => {
    const kept = requestScratch.getStore()?.get(KEY) as PageContent | undefined
    return kept ? { ...kept, ...content } : (content as PageContent)
  })
  // Never read in the browser: the static sections' components never run there (Start's `never()`).
  .client((content: VisitorContent): PageContent => content as PageContent)
