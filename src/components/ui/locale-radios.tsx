import { LOCALES, type Locale } from '~/domain/locales'
import { m } from '~/paraglide/messages'

const LOCALE_LABEL: Record<Locale, () => string> = { tr: m.locale_name_tr, en: m.locale_name_en }

/** 'Türkçe' / 'English' as radio cards, for a fieldset whose legend says what the language is for. */
export function LocaleRadios(props: { name: string; value: Locale; onChange: (locale: Locale) => void; describedBy?: string }) {
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {LOCALES.map((option) => (
        <label
          key={option}
          className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-800 has-checked:border-brand-500 has-checked:bg-brand-50 has-disabled:cursor-not-allowed has-disabled:opacity-60"
        >
          <input
            type="radio"
            name={props.name}
            value={option}
            checked={props.value === option}
            onChange={() => props.onChange(option)}
            aria-describedby={props.describedBy}
            className="size-4 accent-brand-600"
          />
          <span lang={option}>{LOCALE_LABEL[option]()}</span>
        </label>
      ))}
    </div>
  )
}
