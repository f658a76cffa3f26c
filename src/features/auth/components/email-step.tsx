import { useForm, useStore } from '@tanstack/react-form'
import { useHydrated } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useEffect } from 'react'
import { Button } from '~/components/ui/button'
import { FormField, firstError } from '~/components/ui/form-field'
import { Input } from '~/components/ui/input'
import { toast } from '~/components/ui/toaster'
import { m } from '~/paraglide/messages'
import { sendLoginCode } from '../auth.functions'
import { EmailSchema } from '../auth.schemas'
import { showLoginError } from './login-feedback'
import { LOGIN_LABEL } from './login-layout'
import { Spinner } from './spinner'

const EMAIL_ID = 'login-email'

/** Step 1: the e-mail address; on success the page moves on to the code. */
export function EmailStep({
  email,
  onSent,
}: {
  email: string
  /** `deliveryId`: the code mail queued for an SMTP server, which step 2 follows. */
  onSent: (email: string, deliveryId: string | null) => void
}) {
  const send = useServerFn(sendLoginCode)
  const form = useForm({
    defaultValues: { email },
    onSubmit: async ({ value }) => {
      const address = value.email.trim()
      let sent: Awaited<ReturnType<typeof send>>
      try {
        sent = await send({ data: { email: address } })
      } catch (error) {
        showLoginError('send', error)
        return
      }
      toast.success({ title: m.login_code_sent_title(), description: m.login_code_sent_text() })
      onSent(address, sent.deliveryId)
    },
  })

  const attempts = useStore(form.store, (state) => state.submissionAttempts)
  // Until the page is interactive a click would post the form natively (the address in the URL).
  const hydrated = useHydrated()
  // The field is uncontrolled, so hydration keeps an address typed before the page was interactive
  // (a controlled one was emptied); the form takes it over here.
  useEffect(() => {
    const typed = (document.getElementById(EMAIL_ID) as HTMLInputElement | null)?.value ?? ''
    if (typed !== '' && typed !== form.getFieldValue('email')) form.setFieldValue('email', typed)
  }, [form])

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <form.Field name="email" validators={{ onChange: EmailSchema }}>
        {(field) => {
          // Checked on every change, shown once the field was left or the form sent: no scolding mid-word.
          const shown = field.state.meta.isBlurred || attempts > 0
          const error = shown ? firstError(field.state.meta.errors) : undefined
          return (
            <FormField id={EMAIL_ID} label={m.login_email_label()} error={error} labelClassName={LOGIN_LABEL}>
              {(aria) => (
                <Input
                  {...aria}
                  name="email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  autoCapitalize="none"
                  spellCheck={false}
                  required
                  autoFocus
                  placeholder={m.login_email_placeholder()}
                  className="h-11"
                  defaultValue={field.state.value}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={field.handleBlur}
                />
              )}
            </FormField>
          )
        }}
      </form.Field>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(busy) => (
          <Button type="submit" size="lg" className="w-full" disabled={busy || !hydrated} aria-busy={busy}>
            {busy ? <Spinner /> : null}
            {busy ? m.login_sending() : m.login_send_code()}
          </Button>
        )}
      </form.Subscribe>
    </form>
  )
}
