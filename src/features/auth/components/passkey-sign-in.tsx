import { useHydrated } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { Button } from '~/components/ui/button'
import { m } from '~/paraglide/messages'
import { beginPasskeySignIn, finishPasskeySignIn } from '../passkey.functions'
import { answerWithPasskey, showPasskeyError } from './passkey-browser'
import { Spinner } from './spinner'

/** 'Passkey ile Giriş Yap' under the e-mail step: the browser lists the site's passkeys it holds,
 * and one of them signs in alone (no address, no code). */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const begin = useServerFn(beginPasskeySignIn)
  const finish = useServerFn(finishPasskeySignIn)
  const [busy, setBusy] = useState(false)
  const hydrated = useHydrated()

  async function signIn() {
    setBusy(true)
    try {
      const options = await begin()
      await finish({ data: await answerWithPasskey(options) })
      await onSignedIn()
    } catch (error) {
      showPasskeyError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-slate-400 uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
        {m.login_passkey_or()}
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      </div>
      <Button
        type="button"
        variant="secondary"
        size="lg"
        className="mt-6 w-full"
        disabled={busy || !hydrated}
        aria-busy={busy}
        aria-describedby="passkey-sign-in-hint"
        onClick={() => void signIn()}
      >
        {busy ? <Spinner /> : <KeyRound aria-hidden="true" className="size-4" />}
        {busy ? m.login_passkey_busy() : m.login_passkey_button()}
      </Button>
      <p id="passkey-sign-in-hint" className="mt-2 text-center text-xs text-slate-500">
        {m.login_passkey_hint()}
      </p>
    </div>
  )
}
