import { createIsomorphicFn } from '@tanstack/react-start'
import { KEEP_SERVER_HTML } from '~/lib/server-html'
import { m } from '~/paraglide/messages'

/** The bar's text and link, rendered on the server only: visitors' scripts carry none of it. */
const previewContent = createIsomorphicFn()
  .server((draft: boolean) => ({ children: <PreviewText draft={draft} /> }))
  .client(() => KEEP_SERVER_HTML)

/** Marks an admin's preview of the draft, so it is never taken for the live page. */
export function PreviewBar({ draft }: { draft: boolean }) {
  return (
    <div
      role="status"
      data-testid="content-preview-bar"
      className="fixed inset-x-0 bottom-0 z-50 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-amber-300 px-4 py-3 text-center shadow-lg text-sm font-medium text-amber-950"
      {...previewContent(draft)}
    />
  )
}

function PreviewText({ draft }: { draft: boolean }) {
  return (
    <>
      <span>{draft ? m.content_preview_banner() : m.content_preview_no_draft()}</span>
      <a href="/admin/content" className="underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-amber-950">
        {m.content_preview_back()}
      </a>
    </>
  )
}
