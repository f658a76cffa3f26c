import { useMutation } from '@tanstack/react-query'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/dialog'
import { toast } from '~/components/ui/toaster'
import { describeError } from '~/lib/app-error'
import { m } from '~/paraglide/messages'
import { resetPasskeys } from '~/features/auth/passkey.functions'

/** 'Passkey Sıfırla' on a member's row (owners only): for a lost passkey, every one of theirs goes
 * and they sign in with a code and add a new one. The activity log records it. */
export function PasskeyResetButton({ email }: { email: string }) {
  const [open, setOpen] = useState(false)
  const reset = useMutation({
    mutationFn: () => resetPasskeys({ data: { email } }),
    onSuccess: () => {
      setOpen(false)
      toast.success({ title: m.passkey_reset_done(), description: email })
    },
    onError: (error) => toast.error({ title: m.passkey_error_title(), description: describeError(error).message || undefined }),
  })
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className="shrink-0"
        aria-label={m.passkey_reset_label({ email })}
        onClick={() => setOpen(true)}
      >
        <KeyRound aria-hidden="true" className="size-4 sm:hidden" />
        <span className="hidden sm:inline">{m.passkey_reset()}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        icon={KeyRound}
        title={m.passkey_reset_title()}
        description={m.passkey_reset_text({ email })}
        cancelLabel={m.passkey_cancel()}
        confirmLabel={m.passkey_reset()}
        pending={reset.isPending}
        onConfirm={() => reset.mutate()}
      />
    </>
  )
}
