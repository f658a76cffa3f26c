import { useHydrated } from '@tanstack/react-router'
import { UserPlus } from 'lucide-react'
import { useState } from 'react'
import * as v from 'valibot'
import { Button } from '~/components/ui/button'
import { AddressField } from '~/components/ui/address-field'
import { m } from '~/paraglide/messages'
import { TeamEmailInputSchema } from '../team.schemas'

/** 'Yönetici Ekle': one address; checked here as the server checks it, cleared once added. */
export function AddAdminForm({ busy, onAdd }: { busy: boolean; onAdd: (email: string, done: () => void) => void }) {
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | undefined>()
  // Until the page is interactive a click would post the form natively.
  const hydrated = useHydrated()

  return (
    <form
      noValidate
      aria-labelledby="team-add-title"
      className="border-b border-slate-200 p-4 sm:p-5"
      onSubmit={(event) => {
        event.preventDefault()
        const parsed = v.safeParse(TeamEmailInputSchema, { email })
        if (!parsed.success) {
          setError(parsed.issues[0]?.message)
          document.getElementById('team-add-email')?.focus()
          return
        }
        setError(undefined)
        onAdd(parsed.output.email, () => setEmail(''))
      }}
    >
      <h3 id="team-add-title" className="text-sm font-semibold text-slate-900">
        {m.team_add_title()}
      </h3>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
        <AddressField
          id="team-add"
          label={m.team_add_label()}
          placeholder={m.login_email_placeholder()}
          error={error}
          value={email}
          onChange={(value) => {
            setEmail(value)
            if (error) setError(undefined)
          }}
        />
        <Button type="submit" disabled={busy || !hydrated} aria-busy={busy} className="shrink-0">
          <UserPlus aria-hidden="true" className="size-4" />
          {busy ? m.team_adding() : m.team_add_submit()}
        </Button>
      </div>
      <p id="team-add-hint" className="mt-2 text-xs text-slate-500">
        {m.team_add_hint()}
      </p>
    </form>
  )
}
