import { Hydrate } from '@tanstack/react-start'
import { createIsomorphicFn } from '@tanstack/react-start'
import { visible } from '@tanstack/react-start/hydration'
// By path, not through the feature's index: the form must stay out of the page's first chunk.
import { ContactForm } from '~/features/contact/components/contact-form'
import { ContactNotice } from '~/features/contact/components/contact-notice'
import type { ContactResult } from '~/features/contact/contact-result'
import { KEEP_SERVER_HTML } from '~/lib/server-html'
import { m } from '~/paraglide/messages'
import { hydrateWhenVisible } from '../hydrate-when-visible'
import { ContactCards } from './contact-cards'
import { CONTAINER, HEADING_CLASS, SECTION_SPACING } from '../section-layout'
import { SectionHeadingContent } from './section-heading'

/** The section's titles, rendered on the server only (decision 013). */
const heading = createIsomorphicFn()
  .server(() => ({
    children: <SectionHeadingContent id="contact-title" title={m.contact_title()} subtitle={m.contact_subtitle()} />,
  }))
  .client(() => KEEP_SERVER_HTML)
const formTitle = createIsomorphicFn()
  .server(() => ({ children: m.contact_form_title() }))
  .client(() => KEEP_SERVER_HTML)

/** Contact cards beside the contact form; `result` is the outcome of a form posted without JS. The
 * form (TanStack Form and its schema, ~15 KB gzipped) hydrates as it nears the viewport, not with
 * the page; before that it still works as a plain HTML form. */
export function ContactSection({ result }: { result?: ContactResult }) {
  return (
    <section id="contact" aria-labelledby="contact-title" className={`border-t border-slate-200 bg-slate-50 ${SECTION_SPACING}`}>
      <div className={CONTAINER}>
        <div className={HEADING_CLASS} {...heading()} />
        <div className="mt-14 grid gap-8 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <Hydrate when={visible()}>
              <ContactCards />
            </Hydrate>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3">
            <h3 id="contact-form-title" className="mb-6 text-xl font-semibold text-brand-900" {...formTitle()} />
            <Hydrate when={hydrateWhenVisible('800px')}>
              {result ? <ContactNotice result={result} /> : null}
              <ContactForm />
            </Hydrate>
          </div>
        </div>
      </div>
    </section>
  )
}
