import { revalidateLogic, useForm } from '@tanstack/react-form'
import { LoaderCircle, Send } from 'lucide-react'
import { useRef, useState, useSyncExternalStore } from 'react'
import { Button } from '~/components/ui/button'
import { FormField, firstError } from '~/components/ui/form-field'
import { Input, Textarea } from '~/components/ui/input'
import { toast } from '~/components/ui/toaster'
import { describeError } from '~/lib/app-error'
import { LEGAL_PAGES } from '~/lib/legal-pages'
import { LIMITS } from '~/lib/limits'
import { SITE } from '~/lib/site-config'
import { m } from '~/paraglide/messages'
import { getLocale, localizeHref } from '~/paraglide/runtime'
import { submitContactForm, submitContactMessage } from '../contact.functions'
import { visitOrigin } from '~/features/visits/lead-source'
import { getFormStamp } from '~/lib/form-stamp'
import { ContactFormSchema, FORM_STAMP_FIELD, HONEYPOT_FIELD } from '../contact.schemas'
import { useEarlyInput } from './use-early-input'

const EMPTY = { name: '', email: '', message: '', [HONEYPOT_FIELD]: '' }
const FIELDS = Object.keys(EMPTY) as (keyof typeof EMPTY)[]
type FieldName = 'name' | 'email' | 'message'
const noSubscription = () => () => {}

/** Name, e-mail and message, validated with the schema the server uses. Idle → sending → success
 * (toast, form cleared) or failure (toast, text kept). Before hydration, or without JavaScript, it
 * is a plain form post that the server answers with a redirect. */
export function ContactForm() {
  // False in the server render and during hydration, true once React handles the submit.
  const enhanced = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({})

  const form = useForm({
    defaultValues: EMPTY,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: ContactFormSchema },
    onSubmit: async ({ value, formApi }) => {
      setServerErrors({})
      try {
        const stamp = formElement.current?.querySelector<HTMLInputElement>(`input[name="${FORM_STAMP_FIELD}"]`)?.value ?? ''
        await submitContactMessage({
          data: { ...value, [FORM_STAMP_FIELD]: stamp, locale: getLocale(), source: visitOrigin() },
        })
        formApi.reset()
        toast.success({ title: m.contact_success_title(), description: m.contact_success_description() })
      } catch (error) {
        const { status, message, fields } = describeError(error)
        if (fields) setServerErrors(fields)
        toast.error({
          title: m.contact_error_title(),
          description: status === 429 && message ? message : m.contact_error_description(),
        })
      }
    },
  })

  const formElement = useRef<HTMLFormElement>(null)
  useEarlyInput(formElement, FIELDS, (name, value) => form.setFieldValue(name, value))

  const { nameMax, emailMax, messageMax, nameMin, messageMin } = LIMITS.contact
  // The controls keep aria-invalid, "false" while the value is fine, where FormField leaves it out.
  const fieldError = (name: FieldName, errors: readonly unknown[]) => firstError(errors) ?? serverErrors[name]
  const clearServerError = (name: FieldName) => serverErrors[name] && setServerErrors(({ [name]: _gone, ...rest }) => rest)

  return (
    <form
      ref={formElement}
      action={submitContactForm.url}
      method="post"
      noValidate={enhanced}
      // Its own readiness signal: this island hydrates after the page, as it nears the viewport (src/lib/early-clicks.ts).
      data-hydrated={enhanced ? '' : undefined}
      aria-labelledby="contact-form-title"
      data-testid="contact-form"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
      className="relative space-y-5"
    >
      <input type="hidden" name="locale" value={getLocale()} />
      {/* When the page was served, signed: the time trap (docs/spam.md). Kept as the server sent it. */}
      <input type="hidden" name={FORM_STAMP_FIELD} defaultValue={getFormStamp()} suppressHydrationWarning />
      <form.Field name="name">
        {(field) => (
          <FormField id="contact-name" label={m.contact_name_label()} error={fieldError('name', field.state.meta.errors)}>
            {(aria) => (
              <Input
                {...aria}
                aria-invalid={aria['aria-invalid'] ?? false}
                name={field.name}
                value={field.state.value}
                onChange={(e) => {
                  clearServerError('name')
                  field.handleChange(e.target.value)
                }}
                onBlur={field.handleBlur}
                autoComplete="name"
                placeholder={m.contact_name_placeholder()}
                required
                minLength={nameMin}
                maxLength={nameMax}
                className="h-11"
              />
            )}
          </FormField>
        )}
      </form.Field>
      <form.Field name="email">
        {(field) => (
          <FormField
            id="contact-email"
            label={m.contact_email_field_label()}
            error={fieldError('email', field.state.meta.errors)}
          >
            {(aria) => (
              <Input
                {...aria}
                aria-invalid={aria['aria-invalid'] ?? false}
                type="email"
                name={field.name}
                value={field.state.value}
                onChange={(e) => {
                  clearServerError('email')
                  field.handleChange(e.target.value)
                }}
                onBlur={field.handleBlur}
                autoComplete="email"
                inputMode="email"
                placeholder={m.contact_email_placeholder()}
                required
                maxLength={emailMax}
                className="h-11"
              />
            )}
          </FormField>
        )}
      </form.Field>
      <form.Field name="message">
        {(field) => (
          <FormField
            id="contact-message"
            label={m.contact_message_label()}
            error={fieldError('message', field.state.meta.errors)}
          >
            {(aria) => (
              <Textarea
                {...aria}
                aria-invalid={aria['aria-invalid'] ?? false}
                name={field.name}
                value={field.state.value}
                onChange={(e) => {
                  clearServerError('message')
                  field.handleChange(e.target.value)
                }}
                onBlur={field.handleBlur}
                rows={6}
                placeholder={m.contact_message_placeholder()}
                required
                minLength={messageMin}
                maxLength={messageMax}
                className="resize-y"
              />
            )}
          </FormField>
        )}
      </form.Field>
      {/* The honeypot: out of sight and out of the tab order; people leave it empty. */}
      <form.Field name={HONEYPOT_FIELD}>
        {(field) => (
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor="contact-website">{m.contact_honeypot_label()}</label>
            <input
              id="contact-website"
              name={field.name}
              value={field.state.value}
              onChange={(e) => field.handleChange(e.target.value)}
              tabIndex={-1}
              autoComplete="off"
            />
          </div>
        )}
      </form.Field>
      {/* KVKK Art. 10: who processes the message and why, where it is collected; no consent asked. */}
      <p className="text-sm leading-relaxed text-pretty text-slate-600" data-testid="contact-privacy">
        {m.contact_privacy_note({ name: SITE.name })}{' '}
        <a
          href={localizeHref(LEGAL_PAGES.notice.tr)}
          className="font-medium whitespace-nowrap text-brand-700 underline decoration-brand-700/30 underline-offset-2 hover:decoration-brand-700 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {m.contact_privacy_link()}
        </a>
      </p>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(sending) => (
          <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
            {sending ? (
              <LoaderCircle aria-hidden="true" className="size-5 motion-safe:animate-spin" />
            ) : (
              <Send aria-hidden="true" className="size-5" />
            )}
            {sending ? m.contact_sending() : m.contact_submit()}
          </Button>
        )}
      </form.Subscribe>
    </form>
  )
}
