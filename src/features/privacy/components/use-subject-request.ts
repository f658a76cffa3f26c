import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { PersonalDataExport } from '~/domain/privacy'
import { toast } from '~/components/ui/toaster'
import { redirectIfRefused } from '~/features/team/components/use-team-actions'
import { describeError } from '~/lib/app-error'
import { m } from '~/paraglide/messages'
import { erasePersonalData, findPersonalData } from '../privacy.functions'

function failure(title: string) {
  return (error: unknown) => {
    const { message } = describeError(error)
    toast.error({ title, description: message && message !== title ? message : undefined })
    redirectIfRefused(error)
  }
}

/** Saves the document the server returned, as the CLI prints it. */
export function downloadExport(data: PersonalDataExport): void {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = `kvkk-${data.email.replace(/[^a-z0-9.@_-]/gi, '_')}-${data.generatedAt.slice(0, 10)}.json`
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** Finding one address's data and erasing it; after an erasure the address is looked up again. */
export function useSubjectRequest(onErased: () => void) {
  const [found, setFound] = useState<PersonalDataExport | null>(null)
  const [fieldError, setFieldError] = useState<string | undefined>()

  const find = useMutation({
    mutationFn: (email: string) => findPersonalData({ data: { email } }),
    onSuccess: (data) => setFound(data),
    onError: (error) => {
      const { fields } = describeError(error)
      if (fields?.email) return setFieldError(fields.email)
      failure(m.kvkk_admin_find_failed())(error)
    },
  })

  const erase = useMutation({
    mutationFn: (email: string) => erasePersonalData({ data: { email } }),
    onSuccess: (result, email) => {
      toast.success({
        title: m.kvkk_admin_erased({ email, count: result.total }),
        description: result.repeat ? m.kvkk_admin_erased_repeat() : undefined,
      })
      onErased()
      find.mutate(email)
    },
    onError: failure(m.kvkk_admin_erase_failed()),
  })

  return { found, find, erase, fieldError, setFieldError }
}
