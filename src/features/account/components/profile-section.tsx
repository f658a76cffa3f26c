import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { AccountSection } from './account-section'
import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '~/components/ui/button'
import { Input, Textarea } from '~/components/ui/input'
import { toast } from '~/components/ui/toaster'
import { describeError } from '~/lib/app-error'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import { getMyProfile, saveMyProfile } from '~/features/leads/leads.functions'
import { leadKeys } from '~/features/leads/leads.queries'

const profileKey = ['my-profile'] as const

/** 'Hesabım' → 'Adınız' and 'İmza' (plain text for replies), with 'Kaydet'. */
export function ProfileSection() {
  const queryClient = useQueryClient()
  const profile = useQuery({ queryKey: profileKey, queryFn: () => getMyProfile() })
  const [name, setName] = useState('')
  const [signature, setSignature] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const ids = useId()
  // The stored profile fills the fields once, unless the person has already typed: a slow read must
  // not overwrite what they wrote (and have 'Kaydet' store the old text).
  const edited = useRef(false)
  useEffect(() => {
    if (!profile.data || edited.current) return
    setName(profile.data.name ?? '')
    setSignature(profile.data.signature ?? '')
  }, [profile.data])
  const save = useMutation({
    mutationFn: () => saveMyProfile({ data: { name, signature } }),
    onSuccess: (saved) => {
      setErrors({})
      queryClient.setQueryData(profileKey, saved)
      void queryClient.invalidateQueries({ queryKey: leadKeys.staff })
      toast.success({ title: m.profile_saved() })
    },
    onError: (error) => {
      const described = describeError(error)
      setErrors(described.fields ?? {})
      toast.error({ title: m.profile_failed(), description: described.message || undefined })
    },
  })
  return (
    <AccountSection title={m.profile_title()} description={profile.data?.email}>
      <form
        className="space-y-4 px-4 py-4 sm:px-5"
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate()
        }}
      >
        <div className="space-y-1.5">
          <label htmlFor={`${ids}-name`} className="text-sm font-medium text-slate-800">
            {m.profile_name()}
          </label>
          <Input
            id={`${ids}-name`}
            value={name}
            maxLength={LIMITS.leads.nameMax}
            autoComplete="name"
            aria-describedby={`${ids}-name-hint`}
            aria-invalid={errors.name ? true : undefined}
            onChange={(event) => {
              edited.current = true
              setName(event.target.value)
            }}
          />
          <p id={`${ids}-name-hint`} className="text-xs text-slate-600">
            {errors.name ?? m.profile_name_hint()}
          </p>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${ids}-signature`} className="text-sm font-medium text-slate-800">
            {m.profile_signature()}
          </label>
          <Textarea
            id={`${ids}-signature`}
            rows={4}
            value={signature}
            maxLength={LIMITS.leads.signatureMax}
            className="text-sm"
            aria-describedby={`${ids}-signature-hint`}
            aria-invalid={errors.signature ? true : undefined}
            onChange={(event) => {
              edited.current = true
              setSignature(event.target.value)
            }}
          />
          <p id={`${ids}-signature-hint`} className="text-xs text-slate-600">
            {errors.signature ?? m.profile_signature_hint()}
          </p>
        </div>
        <Button type="submit" disabled={save.isPending || !profile.data} aria-busy={save.isPending}>
          {m.profile_save()}
        </Button>
      </form>
    </AccountSection>
  )
}
