import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import { CodeStep } from './code-step'
import { EmailStep } from './email-step'
import { LoginLayout } from './login-layout'
import { PasskeySignIn } from './passkey-sign-in'

type Step = { name: 'email' } | { name: 'code'; email: string; deliveryId: string | null }

/** /admin/login: e-mail, then the one-time code; `redirectTo` is an already vetted admin path. */
export function LoginPage({ redirectTo }: { redirectTo: string }) {
  const router = useRouter()
  const [email, setEmail] = useState('')
  const [step, setStep] = useState<Step>({ name: 'email' })

  async function enterAdmin() {
    // The guards read the session again on the way in.
    await router.invalidate()
    await router.navigate({ href: redirectTo, replace: true })
  }

  return (
    <LoginLayout>
      <section
        aria-labelledby="login-title"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-10"
      >
        <header className="mb-8">
          <div className="mb-5 flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            {step.name === 'email' ? <MailIcon /> : <KeyIcon />}
          </div>
          <h1 id="login-title" className="text-2xl font-semibold tracking-tight text-slate-900">
            {m.login_title()}
          </h1>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">
            {step.name === 'email'
              ? m.login_intro()
              : m.login_security_note({ minutes: Math.round(LIMITS.auth.codeTtlSeconds / 60) })}
          </p>
        </header>
        {step.name === 'email' ? (
          <>
            <EmailStep
              email={email}
              onSent={(address, deliveryId) => {
                setEmail(address)
                setStep({ name: 'code', email: address, deliveryId })
              }}
            />
            <PasskeySignIn onSignedIn={enterAdmin} />
          </>
        ) : (
          <CodeStep
            email={step.email}
            deliveryId={step.deliveryId}
            onSignedIn={enterAdmin}
            onBack={() => setStep({ name: 'email' })}
          />
        )}
      </section>
    </LoginLayout>
  )
}

function MailIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7" className="size-6">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m4 7 8 6 8-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

function KeyIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7" className="size-6">
      <rect x="4" y="10" width="16" height="10" rx="2" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3" strokeLinecap="round" />
      <circle cx="12" cy="15" r="1.3" fill="currentColor" stroke="none" />
    </svg>
  )
}
