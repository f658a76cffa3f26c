import { Link } from '@tanstack/react-router'
import { ShieldCheck } from 'lucide-react'
import { buttonClass } from '~/components/ui/button'
import { m } from '~/paraglide/messages'

/** 'KVKK' in the inbox header: retention, destruction records and data-subject requests. */
export function PrivacyLink() {
  return (
    <Link to="/admin/privacy" className={buttonClass('secondary')}>
      <ShieldCheck aria-hidden="true" className="size-4" />
      {m.kvkk_admin_link()}
    </Link>
  )
}
