import { createFileRoute, redirect } from '@tanstack/react-router'
import { ADMIN_HOME } from '~/features/auth/admin-redirect'

export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    throw redirect({ href: ADMIN_HOME })
  },
})
