import { useForm, useStore } from '@tanstack/react-form'
import { useServerFn } from '@tanstack/react-start'
import { useEffect } from 'react'
import { Button } from '~/components/ui/button'
import { FormField, firstError } from '~/components/ui/form-field'
import { Input } from '~/components/ui/input'
import { toast } from '~/components/ui/toaster'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import { verifyLoginCode } from '../auth.functions'
import { CODE_INPUT_MAX_LENGTH, CodeSchema } from '../auth.schemas'
import { CodeDeliveryNotice } from './code-delivery-notice'
import { showLoginError } from './login-feedback'
import { LOGIN_LABEL } from './login-layout'
import { Spinner } from './spinner'

const CODE_INPUT_ID = 'login-code'
// ~/components/ui/input takes no ref, so the field is found by its id.
const codeInput = () => document.getElementById(CODE_INPUT_ID) as HTMLInputElement | null

interface CodeStepProps {
  email: string
  /** The code mail queued for an SMTP server, followed by CodeDeliveryNotice; null: nothing to follow. */
  deliveryId: string | null
  /** After a successful sign-in, once the success toast is up. */
  onSignedIn: () => Promise<void>
  /** Back to step 1 (the code is dropped with this step's form). */
  onBack: () => void
}

/** Step 2: the one-time code mailed to `email`. */
export function CodeStep({ email, deliveryId, onSignedIn, onBack }: CodeStepProps) {
  const verify = useServerFn(verifyLoginCode)
  // Step 2 starts where the reader's attention is: in the code field.
  useEffect(() => codeInput()?.focus(), [])

  const form = useForm({
    defaultValues: { code: '' },
    onSubmit: async ({ value }) => {
      try {
        await verify({ data: { email, code: value.code } })
      } catch (error) {
        // The session was not started (a non-admin was signed out again): start over.
        if (showLoginError('verify', error) === 'auth_not_admin') onBack()
        else codeInput()?.select()
        return
      }
      toast.success({ title: m.login_success_title(), description: m.login_success_text() })
      await onSignedIn()
    },
  })

  const attempts = useStore(form.store, (state) => state.submissionAttempts)

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <form.Field name="code" validators={{ onChange: CodeSchema }}>
        {(field) => {
          const error = attempts > 0 ? firstError(field.state.meta.errors) : undefined
          return (
            <FormField
              id={CODE_INPUT_ID}
              label={m.login_code_label()}
              error={error}
              labelClassName={LOGIN_LABEL}
              hint={<CodeHint email={email} />}
              hintClassName="mt-2 text-sm text-slate-600"
              after={<CodeDeliveryNotice deliveryId={deliveryId} />}
            >
              {(aria) => (
                <Input
                  {...aria}
                  name="code"
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={CODE_INPUT_MAX_LENGTH}
                  placeholder={'•'.repeat(LIMITS.auth.codeLength)}
                  className="h-14 text-center text-2xl font-semibold tracking-[0.45em] tabular-nums placeholder:font-normal placeholder:text-slate-300"
                  value={field.state.value}
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
          <div className="space-y-3">
            <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
              {busy ? <Spinner /> : null}
              {busy ? m.login_verifying() : m.login_verify()}
            </Button>
            <Button variant="ghost" size="lg" className="w-full" disabled={busy} onClick={onBack}>
              {m.login_back()}
            </Button>
          </div>
        )}
      </form.Subscribe>
    </form>
  )
}

/** The hint with the address set in bold; the sentence itself stays whole in the message files. */
function CodeHint({ email }: { email: string }) {
  const MARK = '\u0000'
  const [before, after] = m.login_code_hint({ length: LIMITS.auth.codeLength, email: MARK }).split(MARK)
  return (
    <>
      {before}
      <strong className="font-medium break-all text-slate-900">{email}</strong>
      {after}
    </>
  )
}
