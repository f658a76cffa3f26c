import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { AccountSection } from './account-section'
import { KeyRound, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/dialog'
import { toast } from '~/components/ui/toaster'
import type { PasskeySummary } from '~/domain/passkeys'
import {
  beginPasskeyRegistration,
  finishPasskeyRegistration,
  getMyPasskeys,
  removeMyPasskey,
} from '~/features/auth/passkey.functions'
import { createPasskey, showPasskeyError } from '~/features/auth/components/passkey-browser'
import { TeamDate } from '~/features/team/components/team-date'
import { m } from '~/paraglide/messages'

const passkeysKey = ['my-passkeys'] as const

/** 'Hesabım' → 'Passkey'ler': one's passkeys (name, added, last used) with 'Kaldır', and
 * 'Passkey Ekle', which opens the browser's own dialog at once. */
export function PasskeysSection() {
  const queryClient = useQueryClient()
  const ids = useId()
  const list = useQuery({ queryKey: passkeysKey, queryFn: () => getMyPasskeys() })
  const [removing, setRemoving] = useState<PasskeySummary | null>(null)
  const add = useMutation({
    mutationFn: async () => finishPasskeyRegistration({ data: await createPasskey(await beginPasskeyRegistration()) }),
    onSuccess: (passkeys) => {
      queryClient.setQueryData(passkeysKey, passkeys)
      toast.success({ title: m.passkey_added() })
    },
    onError: showPasskeyError,
  })
  const remove = useMutation({
    mutationFn: (id: string) => removeMyPasskey({ data: { id } }),
    onSuccess: (passkeys) => {
      queryClient.setQueryData(passkeysKey, passkeys)
      setRemoving(null)
      toast.success({ title: m.passkey_removed() })
    },
    onError: showPasskeyError,
  })
  const passkeys = list.data ?? []

  return (
    <AccountSection
      title={m.passkey_section_title()}
      description={m.passkey_section_intro()}
      action={
        <Button
          type="button"
          className="shrink-0"
          disabled={add.isPending || !list.data}
          aria-busy={add.isPending}
          onClick={() => add.mutate()}
        >
          <KeyRound aria-hidden="true" className="size-4" />
          {add.isPending ? m.passkey_adding() : m.passkey_add()}
        </Button>
      }
    >
      {list.data && passkeys.length === 0 ? (
        <p className="px-4 py-4 text-sm text-slate-500 sm:px-5">{m.passkey_list_empty()}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-labelledby={`${ids}-title`} data-testid="passkey-list">
          {passkeys.map((passkey) => (
            <li key={passkey.id} data-testid="passkey" className="flex items-center gap-4 px-4 py-3 sm:px-5">
              <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
                <KeyRound aria-hidden="true" className="size-4" />
              </div>
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-slate-900">{passkey.name}</p>
                <p className="mt-0.5 text-xs text-slate-500">
                  {m.passkey_added_on()} <TeamDate iso={passkey.createdAt} />
                  <span aria-hidden="true"> · </span>
                  <span className="block sm:inline">
                    {m.passkey_last_used()} {passkey.lastUsedAt ? <TeamDate iso={passkey.lastUsedAt} /> : m.passkey_never_used()}
                  </span>
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                className="shrink-0"
                disabled={remove.isPending}
                aria-label={m.passkey_remove_label({ name: passkey.name })}
                onClick={() => setRemoving(passkey)}
              >
                <Trash2 aria-hidden="true" className="size-4 sm:hidden" />
                <span className="hidden sm:inline">{m.passkey_remove()}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null)
        }}
        icon={Trash2}
        title={m.passkey_remove_title()}
        description={m.passkey_remove_text({ name: removing?.name ?? '' })}
        cancelLabel={m.passkey_cancel()}
        confirmLabel={m.passkey_remove()}
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
      />
    </AccountSection>
  )
}
