import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '~/components/ui/toaster'
import { describeError } from '~/lib/app-error'
import { m } from '~/paraglide/messages'
import { addAdmin, removeAdmin, setAdminRole } from '../team.functions'
import { teamKeys } from '../team.queries'

/** The session ended or the caller left the team: back through the login to this page. */
export function redirectIfRefused(error: unknown): boolean {
  const { code } = describeError(error)
  if (code !== 'unauthenticated' && code !== 'forbidden') return false
  window.location.assign(`/admin/login?redirect=${encodeURIComponent(window.location.pathname)}`)
  return true
}

/** The failure as a title, the server's reason (say, 'Kendinizi ekipten çıkaramazsınız.') beneath it. */
function failure(title: string) {
  return (error: unknown) => {
    const { message } = describeError(error)
    toast.error({ title, description: message && message !== title ? message : undefined })
    redirectIfRefused(error)
  }
}

/** Adding and removing admins; each success reads the list and its history again. */
export function useTeamActions() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamKeys.all })

  const add = useMutation({
    mutationFn: (email: string) => addAdmin({ data: { email } }),
    onSuccess: ({ email, added }) => {
      if (added) toast.success({ title: m.team_added({ email }) })
      else toast.info({ title: m.team_already({ email }) })
      return refresh()
    },
    onError: failure(m.team_add_failed()),
  })

  const remove = useMutation({
    mutationFn: (email: string) => removeAdmin({ data: { email } }),
    onSuccess: ({ email }) => {
      toast.success({ title: m.team_removed({ email }) })
      return refresh()
    },
    onError: (error) => {
      failure(m.team_remove_failed())(error)
      // A refusal may mean the page was out of date (someone else changed the list).
      return refresh()
    },
  })

  const role = useMutation({
    mutationFn: (input: { email: string; role: 'owner' | 'admin' }) => setAdminRole({ data: input }),
    onSuccess: ({ email, role: given }) => {
      toast.success({
        title: m.team_role_changed({ email, role: given === 'owner' ? m.team_role_owner() : m.team_role_admin() }),
      })
      return refresh()
    },
    onError: (error) => {
      failure(m.team_role_failed())(error)
      return refresh()
    },
  })

  return { add, remove, role }
}
