import { m } from '~/paraglide/messages'

/** Marks an admin's preview of the draft, so it is never taken for the live page. */
export function PreviewBar({ draft }: { draft: boolean }) {
  return (
    <div
      role="status"
      data-testid="content-preview-bar"
      className="fixed inset-x-0 bottom-0 z-50 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-amber-300 px-4 py-3 text-center shadow-lg text-sm font-medium text-amber-950"
    >
      <span>{draft ? m.content_preview_banner() : m.content_preview_no_draft()}</span>
      <a href="/admin/content" className="underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-amber-950">
        {m.content_preview_back()}
      </a>
    </div>
  )
}
