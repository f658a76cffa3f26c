import { createFileRoute, redirect } from '@tanstack/react-router'
import { ADMIN_HOME } from '~/features/auth/auth.schemas'

export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    throw redirect({ href: ADMIN_HOME })
  },
})
