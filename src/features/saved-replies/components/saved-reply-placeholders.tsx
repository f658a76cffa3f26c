import { PLACEHOLDERS, type Placeholder } from '~/domain/saved-replies'
import { m } from '~/paraglide/messages'

const MEANING: Record<Placeholder, () => string> = {
  ad: m.saved_replies_placeholder_ad,
  eposta: m.saved_replies_placeholder_eposta,
  tarih: m.saved_replies_placeholder_tarih,
}

/** What each placeholder becomes when a saved reply is picked in 'Yanıtla'. */
export function SavedReplyPlaceholders() {
  return (
    <section aria-labelledby="saved-replies-placeholders" className="border-t border-slate-200 p-4 sm:p-5">
      <h2 id="saved-replies-placeholders" className="text-sm font-semibold text-slate-900">
        {m.saved_replies_placeholders_title()}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{m.saved_replies_placeholders_hint()}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {PLACEHOLDERS.map((name) => (
          <div key={name} className="contents">
            <dt>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800">{`{${name}}`}</code>
            </dt>
            <dd className="text-slate-700">{MEANING[name]()}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
