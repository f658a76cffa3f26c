import { useId } from 'react'
import { Input, Textarea } from '~/components/ui/input'
import { LOCALES, type Locale } from '~/domain/locales'
import type { Localized } from '~/domain/site-content'
import { m } from '~/paraglide/messages'
import { type Path, getAt, pathKey } from '../content-paths'
import type { ContentEditor } from './use-content-editor'

const LANGUAGE: Record<Locale, () => string> = { tr: () => m.content_lang_tr(), en: () => m.content_lang_en() }
const LABEL = 'mb-1 block text-xs font-semibold tracking-wide text-slate-500 uppercase'
const ERROR = 'mt-1 text-sm text-red-700'

export type FieldKind = 'line' | 'text'

/** One text in both languages, side by side: a group named by the field, a control per language. */
export function LocalizedField({
  editor,
  path,
  label,
  kind = 'line',
}: {
  editor: ContentEditor
  path: Path
  label: string
  kind?: FieldKind
}) {
  const id = useId()
  const value = getAt(editor.content, path) as Localized | undefined
  return (
    <fieldset className="min-w-0" data-field={pathKey(path)}>
      <legend id={`${id}-legend`} className="mb-2 text-sm font-medium text-slate-800">
        {label}
      </legend>
      <div className="grid gap-3 md:grid-cols-2">
        {LOCALES.map((locale) => {
          const key = pathKey([...path, locale])
          const error = editor.errors[key]
          const controlId = `${id}-${locale}`
          const props = {
            id: controlId,
            lang: locale,
            value: value?.[locale] ?? '',
            'aria-labelledby': `${id}-legend ${controlId}-label`,
            'aria-invalid': error ? (true as const) : undefined,
            'aria-describedby': error ? `${controlId}-error` : undefined,
            'data-error-field': error ? key : undefined,
            onChange: (event: { target: { value: string } }) => editor.update([...path, locale], event.target.value),
          }
          return (
            <div key={locale} className="min-w-0">
              <label id={`${controlId}-label`} htmlFor={controlId} className={LABEL}>
                {LANGUAGE[locale]()}
              </label>
              {kind === 'text' ? <Textarea rows={4} className="min-h-24 resize-y" {...props} /> : <Input {...props} />}
              {error ? (
                <p id={`${controlId}-error`} className={ERROR}>
                  {error}
                </p>
              ) : null}
            </div>
          )
        })}
      </div>
    </fieldset>
  )
}

/** A fact with one value for both languages (the phone, an address line, the copyright year). */
export function PlainField({
  editor,
  path,
  label,
  type = 'text',
  inputMode,
}: {
  editor: ContentEditor
  path: Path
  label: string
  type?: 'text' | 'email' | 'url' | 'tel' | 'number'
  inputMode?: 'numeric' | 'tel' | 'email' | 'url'
}) {
  const id = useId()
  const key = pathKey(path)
  const error = editor.errors[key]
  const value = getAt(editor.content, path)
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <Input
        id={id}
        type={type === 'number' ? 'text' : type}
        inputMode={type === 'number' ? 'numeric' : inputMode}
        value={value === undefined || value === null ? '' : String(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-error-field={error ? key : undefined}
        onChange={(event) => {
          const typed = event.target.value
          // A year that is not a number yet stays as typed; the server says what is wrong with it.
          editor.update(path, type === 'number' && /^\d+$/.test(typed) ? Number(typed) : typed)
        }}
      />
      {error ? (
        <p id={`${id}-error`} className={ERROR}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** A problem the server found with a whole list (too many items, say). */
export function ListError({ editor, path }: { editor: ContentEditor; path: Path }) {
  const error = editor.errors[pathKey(path)]
  return error ? (
    <p role="alert" className={ERROR}>
      {error}
    </p>
  ) : null
}
