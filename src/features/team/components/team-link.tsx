import { Link } from '@tanstack/react-router'
import { Users } from 'lucide-react'
import { buttonClass } from '~/components/ui/button'
import { m } from '~/paraglide/messages'

/** 'Ekip' in the inbox header: the team page. */
export function TeamLink() {
  return (
    <Link to="/admin/team" className={buttonClass('secondary')}>
      <Users aria-hidden="true" className="size-4" />
      {m.team_link()}
    </Link>
  )
}
