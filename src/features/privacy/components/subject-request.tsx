import { useHydrated } from '@tanstack/react-router'
import { Download, Search, Trash2 } from 'lucide-react'
import { useState } from 'react'
import * as v from 'valibot'
import { isEmptyExport, type PersonalDataExport } from '~/domain/privacy'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/dialog'
import { AddressField } from '~/components/ui/address-field'
import { m } from '~/paraglide/messages'
import { SubjectInputSchema } from '../privacy.schemas'
import { downloadExport, useSubjectRequest } from './use-subject-request'

function summary(data: PersonalDataExport): [string, string][] {
  const yesNo = (value: boolean) => (value ? m.kvkk_admin_yes() : m.kvkk_admin_no())
  return [
    [m.kvkk_admin_found_messages(), String(data.messages.length)],
    [m.kvkk_admin_found_admin(), yesNo(data.admin.onList)],
    [m.kvkk_admin_found_account(), yesNo(data.account !== null)],
    [m.kvkk_admin_found_mail(), String(data.mail.length + data.loggedMail.length)],
    [m.kvkk_admin_found_history(), String(data.admin.changes.length)],
    [m.kvkk_admin_found_rate_limits(), String(data.rateLimits.length)],
    [m.kvkk_admin_found_spam_filter(), String(data.spamFilter.recentTexts + (data.spamFilter.senderVerdict ? 1 : 0))],
    [m.kvkk_admin_found_requests(), String(data.erasureRequests.length)],
  ]
}

/** 'Kişisel Veri Başvurusu': find one address's data, download it, erase it after a confirmation. */
export function SubjectRequest({ you, onErased }: { you: string | undefined; onErased: () => void }) {
  const [email, setEmail] = useState('')
  const [confirming, setConfirming] = useState(false)
  const { found, find, erase, fieldError, setFieldError } = useSubjectRequest(onErased)
  const hydrated = useHydrated()
  const isYou = found !== null && found.email === you
  const empty = found !== null && isEmptyExport(found)

  return (
    <section aria-labelledby="kvkk-subject-title" className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="border-b border-slate-200 px-4 py-3 sm:px-5">
        <h2 id="kvkk-subject-title" className="text-base font-semibold text-slate-900">
          {m.kvkk_admin_subject_title()}
        </h2>
        <p id="kvkk-subject-hint" className="mt-0.5 text-xs text-slate-500">
          {m.kvkk_admin_subject_hint()}
        </p>
      </header>
      <form
        noValidate
        aria-labelledby="kvkk-subject-title"
        className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:p-5"
        onSubmit={(event) => {
          event.preventDefault()
          const parsed = v.safeParse(SubjectInputSchema, { email })
          if (!parsed.success) {
            setFieldError(parsed.issues[0]?.message)
            document.getElementById('kvkk-subject-email')?.focus()
            return
          }
          setFieldError(undefined)
          find.mutate(parsed.output.email)
        }}
      >
        <AddressField
          id="kvkk-subject"
          label={m.kvkk_admin_subject_label()}
          placeholder={m.login_email_placeholder()}
          error={fieldError}
          value={email}
          onChange={(value) => {
            setEmail(value)
            if (fieldError) setFieldError(undefined)
          }}
        />
        <Button type="submit" disabled={find.isPending || !hydrated} aria-busy={find.isPending} className="shrink-0">
          <Search aria-hidden="true" className="size-4" />
          {find.isPending ? m.kvkk_admin_finding() : m.kvkk_admin_find()}
        </Button>
      </form>
      {found ? (
        <div className="border-t border-slate-200 px-4 py-4 sm:px-5" data-testid="kvkk-result" aria-live="polite">
          <h3 className="text-sm font-semibold break-words text-slate-900">
            {m.kvkk_admin_result_title({ email: found.email })}
          </h3>
          {empty ? <p className="mt-2 text-sm text-slate-600">{m.kvkk_admin_result_empty()}</p> : null}
          <dl className="mt-3 grid gap-x-6 gap-y-1.5 sm:grid-cols-2">
            {summary(found).map(([label, value]) => (
              <div key={label} className="flex items-baseline justify-between gap-3 border-b border-slate-100 py-1">
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="text-sm font-medium tabular-nums text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <Button variant="secondary" onClick={() => downloadExport(found)}>
              <Download aria-hidden="true" className="size-4" />
              {m.kvkk_admin_download()}
            </Button>
            {empty ? null : (
              <Button variant="destructive" disabled={isYou || erase.isPending} onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden="true" className="size-4" />
                {erase.isPending ? m.kvkk_admin_erasing() : m.kvkk_admin_erase()}
              </Button>
            )}
          </div>
          {isYou ? <p className="mt-2 text-xs text-slate-500">{m.kvkk_admin_self_note()}</p> : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        icon={Trash2}
        title={m.kvkk_admin_erase_title()}
        description={m.kvkk_admin_erase_text({ email: found?.email ?? '' })}
        cancelLabel={m.kvkk_admin_cancel()}
        confirmLabel={m.kvkk_admin_erase()}
        pending={erase.isPending}
        onConfirm={() => found && erase.mutate(found.email, { onSettled: () => setConfirming(false) })}
      />
    </section>
  )
}
