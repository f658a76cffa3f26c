import { Link } from '@tanstack/react-router'
import { Eye, History, RotateCcw, Save, Send } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '~/components/ui/button'
import { CONTENT_SECTIONS, type ContentSection } from '~/domain/site-content'
import { TeamDate } from '~/features/team/components/team-date'
import { m } from '~/paraglide/messages'
import { sectionOf } from '../content-paths'
import { ContentHistory } from './content-history'
import { SectionForm } from './section-forms'
import { useContentEditor } from './use-content-editor'

export const SECTION_LABEL: Record<ContentSection, () => string> = {
  about: m.content_section_about,
  services: m.content_section_services,
  industries: m.content_section_industries,
  products: m.content_section_products,
  references: m.content_section_references,
  contact: m.content_section_contact,
  footer: m.content_section_footer,
  seo: m.content_section_seo,
}

/** /admin/content: one screen per section of the landing page, a shared draft, preview, publish and history. */
export function ContentPage({ section }: { section: ContentSection }) {
  const editor = useContentEditor()
  const [historyOpen, setHistoryOpen] = useState(false)
  const sectionsWithErrors = new Set(Object.keys(editor.errors).map(sectionOf))
  const firstError = Object.keys(editor.errors)[0]

  // After a refused save, the first field to fix is brought into view.
  useEffect(() => {
    if (!firstError) return
    const field = document.querySelector<HTMLElement>(`[data-error-field="${CSS.escape(firstError)}"]`)
    field?.focus()
  }, [firstError])

  async function preview(locale: 'tr' | 'en') {
    // Opened at once (a window opened after the save would be blocked), pointed at the preview once saved.
    const tab = window.open('about:blank', '_blank')
    const saved = await editor.ensureSaved()
    const url = `${locale === 'en' ? '/en' : '/'}?preview=draft`
    if (!saved) {
      tab?.close()
      return
    }
    if (tab) tab.location.href = url
    else window.location.assign(url)
  }

  const busy = editor.saving || editor.publishing
  const content = editor.content
  return (
    <div className="min-h-dvh bg-slate-50">
      <main className="mx-auto max-w-[90rem] px-4 py-6 sm:px-6 lg:px-8">
        <header className="flex flex-col gap-4 border-b border-slate-200 pb-5 xl:flex-row xl:items-end xl:justify-between">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{m.content_title()}</h1>
            <p className="mt-1 max-w-3xl text-sm text-slate-600">{m.content_description()}</p>
            <p className="mt-2 text-sm text-slate-600" aria-live="polite" data-testid="content-status">
              {editor.dirty ? (
                <span className="font-medium text-amber-800">{m.content_unsaved()}</span>
              ) : editor.draftInfo?.content && editor.draftInfo.updatedAt ? (
                <>
                  {m.content_draft_status({ who: editor.draftInfo.updatedBy ?? '', when: '' })}
                  <TeamDate iso={editor.draftInfo.updatedAt} />
                </>
              ) : editor.draftInfo ? (
                m.content_no_draft()
              ) : null}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" onClick={() => editor.save()} disabled={busy || !content} aria-busy={editor.saving}>
              <Save aria-hidden="true" className="size-4" />
              {editor.saving ? m.content_saving() : m.content_save_draft()}
            </Button>
            <Button variant="secondary" onClick={() => void preview('tr')} disabled={busy || !content}>
              <Eye aria-hidden="true" className="size-4" />
              {m.content_preview_in({ language: m.content_lang_tr() })}
            </Button>
            <Button variant="secondary" onClick={() => void preview('en')} disabled={busy || !content}>
              <Eye aria-hidden="true" className="size-4" />
              {m.content_preview_in({ language: m.content_lang_en() })}
            </Button>
            <Button onClick={() => editor.publish()} disabled={busy || !content} aria-busy={editor.publishing}>
              <Send aria-hidden="true" className="size-4" />
              {editor.publishing ? m.content_publishing() : m.content_publish()}
            </Button>
          </div>
        </header>

        {editor.conflict ? (
          <div
            role="alert"
            className="mt-4 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
          >
            <p>{m.content_conflict({ who: editor.conflict.who })}</p>
            <Button variant="secondary" size="sm" onClick={editor.bringBackMine}>
              {m.content_conflict_keep_mine()}
            </Button>
          </div>
        ) : null}

        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={historyOpen}
            aria-controls="content-history"
            onClick={() => setHistoryOpen((open) => !open)}
          >
            <History aria-hidden="true" className="size-4" />
            {m.content_history()}
          </Button>
          <Button variant="ghost" size="sm" onClick={editor.loadDefaults} disabled={busy || !content}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {m.content_defaults()}
          </Button>
        </div>
        {historyOpen ? (
          <div id="content-history" className="mt-4">
            <ContentHistory editor={editor} />
          </div>
        ) : null}

        <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
          <nav aria-label={m.content_sections_label()} className="min-w-0 lg:sticky lg:top-6">
            <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0">
              {CONTENT_SECTIONS.map((key) => (
                <li key={key} className="shrink-0">
                  <Link
                    to="/admin/content"
                    search={{ section: key }}
                    aria-current={key === section ? 'page' : undefined}
                    className={`flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 ${
                      key === section ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-white hover:text-slate-900'
                    }`}
                  >
                    {SECTION_LABEL[key]()}
                    {sectionsWithErrors.has(key) ? (
                      <span
                        className="size-2 rounded-full bg-red-500"
                        role="img"
                        aria-label={m.content_invalid_in({ section: SECTION_LABEL[key]() })}
                      />
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section
            aria-labelledby="content-section-title"
            className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          >
            <h2 id="content-section-title" className="mb-5 text-lg font-semibold text-slate-900">
              {SECTION_LABEL[section]()}
            </h2>
            {content ? (
              <div className="space-y-6" key={section}>
                <SectionForm editor={editor} section={section} content={content} />
              </div>
            ) : editor.editor.isError ? (
              <p role="alert" className="text-sm text-slate-600">
                {m.content_save_error()}
              </p>
            ) : null}
          </section>
        </div>
      </main>
    </div>
  )
}
