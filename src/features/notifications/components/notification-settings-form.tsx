import { Dialog } from '@ark-ui/react/dialog'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { LoaderCircle } from 'lucide-react'
import { useId, useState } from 'react'
import type { Locale } from '~/domain/locales'
import { Button, buttonClass } from '~/components/ui/button'
import { LocaleRadios } from '~/components/ui/locale-radios'
import { toast } from '~/components/ui/toaster'
import { describeError } from '~/lib/app-error'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import { type NotificationSettingsView, saveNotificationSettings } from '../notifications.functions'
import { notificationSettingsQueryKey, notificationSettingsQueryOptions } from '../notifications.queries'

/** The panel's body: loads the admin's settings, then edits them. */
export function NotificationSettingsForm({ onSaved }: { onSaved: () => void }) {
  const query = useQuery(notificationSettingsQueryOptions())
  if (query.isPending) {
    return (
      <div className="flex min-h-48 items-center justify-center gap-2 text-sm text-slate-600" role="status">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        {m.notifications_loading()}
      </div>
    )
  }
  if (query.isError) {
    return (
      <div className="flex min-h-48 flex-col items-center justify-center gap-3 px-5 text-sm text-slate-700" role="alert">
        <p>{m.notifications_load_error()}</p>
        <Button variant="secondary" size="sm" disabled={query.isFetching} onClick={() => void query.refetch()}>
          {m.notifications_retry()}
        </Button>
      </div>
    )
  }
  return <SettingsFields initial={query.data} onSaved={onSaved} />
}

function SettingsFields({ initial, onSaved }: { initial: NotificationSettingsView; onSaved: () => void }) {
  const queryClient = useQueryClient()
  const [newMessages, setNewMessages] = useState(initial.newMessages)
  const [locale, setLocale] = useState<Locale>(initial.locale)
  const id = useId()
  const save = useMutation({
    mutationFn: () => saveNotificationSettings({ data: { newMessages, locale } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationSettingsQueryKey, saved)
      toast.success({ title: m.notifications_saved() })
      onSaved()
    },
    onError: (error) => toast.error({ title: m.notifications_save_error(), description: describeError(error).message }),
  })

  return (
    <form
      className="flex min-h-0 flex-1 flex-col"
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate()
      }}
    >
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-5 py-5 sm:px-6">
        <Dialog.Description className="text-sm text-slate-600">
          {m.notifications_description({ email: initial.email })}
        </Dialog.Description>
        {initial.delivery === 'outbox' ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {m.notifications_outbox_note()}
          </p>
        ) : null}
        <div className="flex items-start gap-3">
          <input
            id={`${id}-new`}
            type="checkbox"
            checked={newMessages}
            onChange={(event) => setNewMessages(event.target.checked)}
            aria-describedby={`${id}-new-hint`}
            className="mt-0.5 size-5 shrink-0 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          />
          <div>
            <label htmlFor={`${id}-new`} className="text-sm font-medium text-slate-900">
              {m.notifications_new_messages_label()}
            </label>
            <p id={`${id}-new-hint`} className="mt-1 text-sm text-slate-600">
              {m.notifications_new_messages_hint({
                count: LIMITS.mail.floodMax,
                minutes: Math.round(LIMITS.mail.floodWindowSeconds / 60),
              })}
            </p>
          </div>
        </div>
        <fieldset disabled={!newMessages}>
          <legend className="text-sm font-medium text-slate-900">{m.notifications_locale_label()}</legend>
          <LocaleRadios name={`${id}-locale`} value={locale} onChange={setLocale} />
        </fieldset>
      </div>
      <footer className="flex justify-end gap-2 border-t border-slate-200 bg-slate-50 px-5 py-3 sm:px-6 sm:py-4">
        <Dialog.CloseTrigger className={buttonClass('secondary', 'md', 'sm:min-w-24')}>
          {m.notifications_cancel()}
        </Dialog.CloseTrigger>
        <Button type="submit" className="sm:min-w-28" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          {save.isPending ? m.notifications_saving() : m.notifications_save()}
        </Button>
      </footer>
    </form>
  )
}
