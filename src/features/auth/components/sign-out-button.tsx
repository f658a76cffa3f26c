import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { Button, type ButtonVariant } from '~/components/ui/button'
import { toast } from '~/components/ui/toaster'
import { describeError } from '~/lib/app-error'
import { m } from '~/paraglide/messages'
import { signOut } from '../auth.functions'

/** The admin header's 'Çıkış': ends the session on the server, forgets cached admin data, goes to the login. */
export function SignOutButton({
  variant = 'secondary',
  className,
  labelClassName,
}: {
  variant?: ButtonVariant
  className?: string
  /** The label's classes: `sr-only` where only the icon shows (the staff sidebar's narrow rail). */
  labelClassName?: string
}) {
  const router = useRouter()
  const queryClient = useQueryClient()
  const callSignOut = useServerFn(signOut)
  const [busy, setBusy] = useState(false)

  async function handleClick() {
    setBusy(true)
    try {
      await callSignOut()
      queryClient.clear()
      await router.navigate({ to: '/admin/login', replace: true })
    } catch (error) {
      toast.error({ title: m.login_error_title(), description: describeError(error).message || m.error_internal() })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Button variant={variant} className={className} onClick={handleClick} disabled={busy} aria-busy={busy}>
      <SignOutIcon />
      <span className={labelClassName}>{m.auth_sign_out()}</span>
    </Button>
  )
}

function SignOutIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-4 shrink-0">
      <path d="M8 17H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h3M13 14l4-4-4-4M17 10H8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
