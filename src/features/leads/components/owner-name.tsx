import { m } from '~/paraglide/messages'
import { useStaff } from '../leads.queries'

/** A lead's owner in the table: their name (or address), 'Atanmamış' when nobody has it. */
export function OwnerName({ email }: { email: string | null }) {
  const { label } = useStaff()
  return email ? (
    <span className="truncate text-slate-700" title={email}>
      {label(email)}
    </span>
  ) : (
    <span className="text-slate-600">{m.leads_unassigned()}</span>
  )
}
