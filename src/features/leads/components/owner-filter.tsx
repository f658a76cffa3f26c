import { m } from '~/paraglide/messages'
import { useStaff } from '../leads.queries'

/** `?owner=`: everyone's leads, yours, the unassigned ones, or one colleague's. */
export function OwnerFilter({ value, onChange }: { value: string | undefined; onChange: (owner: string | undefined) => void }) {
  const { members, you, label } = useStaff()
  const listed = value === undefined || value === 'me' || value === 'none' || members.some((x) => x.email === value)
  return (
    <div className="w-full sm:w-48">
      <label htmlFor="inbox-owner" className="sr-only">
        {m.leads_owner_filter_label()}
      </label>
      <select
        id="inbox-owner"
        className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      >
        <option value="">{m.leads_owner_filter_all()}</option>
        <option value="me">{m.leads_owner_filter_me()}</option>
        <option value="none">{m.leads_unassigned()}</option>
        {!listed && value ? <option value={value}>{label(value)}</option> : null}
        {members
          .filter((member) => member.email !== you)
          .map((member) => (
            <option key={member.email} value={member.email}>
              {label(member.email)}
            </option>
          ))}
      </select>
    </div>
  )
}
