import { useHydrated, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { KeyRound, ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/toaster'
import type { PasskeyStep } from '~/domain/passkeys'
import { m } from '~/paraglide/messages'
import { signOut } from '../auth.functions'
import {
  beginPasskeyRegistration,
  beginPasskeyVerification,
  finishPasskeyRegistration,
  finishPasskeyVerification,
} from '../passkey.functions'
import { LoginLayout } from './login-layout'
import { answerWithPasskey, createPasskey, showPasskeyError } from './passkey-browser'
import { Spinner } from './spinner'

/** The step between the e-mail code and the staff area: verify with one's passkey, or (with
 * STAFF_PASSKEY_REQUIRED and none yet) add one. The server refuses every admin call until then. */
export function PasskeyStepPage({ email, step, redirectTo }: { email: string; step: PasskeyStep; redirectTo: string }) {
  const router = useRouter()
  const hydrated = useHydrated()
  const [busy, setBusy] = useState<'passkey' | 'sign-out' | null>(null)
  const calls = {
    beginVerify: useServerFn(beginPasskeyVerification),
    finishVerify: useServerFn(finishPasskeyVerification),
    beginAdd: useServerFn(beginPasskeyRegistration),
    finishAdd: useServerFn(finishPasskeyRegistration),
    signOut: useServerFn(signOut),
  }
  const verify = step === 'verify'

  async function answer() {
    setBusy('passkey')
    try {
      if (verify) {
        await calls.finishVerify({ data: await answerWithPasskey(await calls.beginVerify()) })
      } else {
        await calls.finishAdd({ data: await createPasskey(await calls.beginAdd()) })
        toast.success({ title: m.passkey_added() })
      }
      await router.invalidate()
      await router.navigate({ href: redirectTo, replace: true })
    } catch (error) {
      showPasskeyError(error)
    } finally {
      setBusy(null)
    }
  }

  async function leave() {
    setBusy('sign-out')
    try {
      await calls.signOut()
      await router.navigate({ to: '/admin/login', replace: true })
    } finally {
      setBusy(null)
    }
  }

  return (
    <LoginLayout>
      <section
        aria-labelledby="passkey-title"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-10"
      >
        <header className="mb-8">
          <div className="mb-5 flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            {verify ? <ShieldCheck aria-hidden="true" className="size-6" /> : <KeyRound aria-hidden="true" className="size-6" />}
          </div>
          <h1 id="passkey-title" className="text-2xl font-semibold tracking-tight text-slate-900">
            {verify ? m.passkey_verify_title() : m.passkey_enroll_title()}
          </h1>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">
            {verify ? m.passkey_verify_text() : m.passkey_enroll_text()}
          </p>
          <p className="mt-3 text-sm font-medium break-all text-slate-800">{m.passkey_signed_in_as({ email })}</p>
        </header>
        <Button
          type="button"
          size="lg"
          className="w-full"
          autoFocus
          disabled={busy !== null || !hydrated}
          aria-busy={busy === 'passkey'}
          onClick={() => void answer()}
        >
          {busy === 'passkey' ? <Spinner /> : <KeyRound aria-hidden="true" className="size-4" />}
          {busy === 'passkey' ? m.login_passkey_busy() : verify ? m.passkey_verify_button() : m.passkey_add()}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="lg"
          className="mt-3 w-full"
          disabled={busy !== null || !hydrated}
          aria-busy={busy === 'sign-out'}
          onClick={() => void leave()}
        >
          {m.auth_sign_out()}
        </Button>
      </section>
    </LoginLayout>
  )
}
