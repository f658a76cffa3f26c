import { SITE } from '~/lib/site-config'
import { m } from '~/paraglide/messages'

/** The firm's mark and name over 'Admin Paneli', at the top of the sidebar and the phone bar. */
/** `compact`: the mark alone below 1536 px (the sidebar's rail). */
export function StaffBrand({ compact = false }: { compact?: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <img src={SITE.logo.src} width={32} height={32} alt="" className="size-8 shrink-0 rounded-md" />
      <div className={compact ? 'hidden min-w-0 leading-tight 2xl:block' : 'min-w-0 leading-tight'}>
        <p className="truncate text-sm font-bold tracking-tight text-brand-900">{SITE.name}</p>
        <p className="truncate text-xs text-slate-500">{m.staff_area_name()}</p>
      </div>
    </div>
  )
}
