import { useMutation, useQueryClient } from '@tanstack/react-query'
import { LoaderCircle, Reply } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import type { ContactMessage } from '~/domain/messages'
import type { Locale } from '~/domain/locales'
import { Button, buttonClass } from '~/components/ui/button'
import { LocaleRadios } from '~/components/ui/locale-radios'
import { toast } from '~/components/ui/toaster'
import { describeError } from '~/lib/app-error'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import { inboxKeys } from '~/features/inbox/inbox.queries'
import { SavedReplyPicker } from '~/features/saved-replies/components/saved-reply-picker'
import { sendReply } from '../replies.functions'
import { threadKey } from '../replies.queries'

/**
 * 'Yanıtla' → 'Yanıtınız', the reply's language (the visitor's page language first), 'Gönder'.
 * One id per draft: a click repeated after a lost answer finds the reply already stored, so the
 * visitor never gets it twice. On failure the text stays as it was.
 */
export function ReplyComposer({
  message,
  defaultLocale,
  outbox,
}: {
  message: ContactMessage
  defaultLocale: Locale
  outbox: boolean
}) {
  const queryClient = useQueryClient()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [body, setBody] = useState('')
  const [locale, setLocale] = useState<Locale>(defaultLocale)
  const [error, setError] = useState<string | undefined>()
  const draftId = useRef<string | null>(null)
  const textarea = useRef<HTMLTextAreaElement>(null)
  const opener = useRef<HTMLButtonElement>(null)

  const send = useMutation({
    mutationFn: () => {
      draftId.current ??= crypto.randomUUID()
      return sendReply({ data: { replyId: draftId.current, messageId: message.id, locale, body } })
    },
    onSuccess: () => {
      draftId.current = null
      setBody('')
      setOpen(false)
      setError(undefined)
      toast.success({ title: m.replies_sent() })
      void queryClient.invalidateQueries({ queryKey: threadKey(message.id) })
      // 'Yanıt Bekleyen' and the rows' 'Yanıtlandı' follow at once.
      void queryClient.invalidateQueries({ queryKey: inboxKeys.lists() })
      requestAnimationFrame(() => opener.current?.focus())
    },
    onError: (failure) => {
      const { message: text, fields } = describeError(failure)
      setError(fields?.body)
      toast.error({ title: m.replies_send_error(), description: fields?.body ?? text })
      textarea.current?.focus()
    },
  })

  if (!open) {
    return (
      <button
        ref={opener}
        type="button"
        className={buttonClass('secondary')}
        onClick={() => {
          setOpen(true)
          requestAnimationFrame(() => textarea.current?.focus())
        }}
      >
        <Reply aria-hidden="true" className="size-4" />
        {m.replies_reply()}
      </button>
    )
  }

  return (
    <form
      className="space-y-4 rounded-lg border border-slate-200 p-4"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault()
        if (!send.isPending) send.mutate()
      }}
    >
      <h3 id={`${id}-title`} className="sr-only">
        {m.replies_reply()}
      </h3>
      <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{m.replies_to_line({ email: message.email })}</p>
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">{m.replies_locale_label()}</legend>
        <p id={`${id}-locale-hint`} className="mt-0.5 text-xs text-slate-500">
          {m.replies_locale_hint()}
        </p>
        <LocaleRadios name={`${id}-locale`} value={locale} onChange={setLocale} describedBy={`${id}-locale-hint`} />
      </fieldset>
      <SavedReplyPicker
        message={message}
        locale={locale}
        disabled={send.isPending}
        onPick={(text) => {
          setBody((current) => (current.trim() === '' ? text : `${current.trimEnd()}\n\n${text}`))
          requestAnimationFrame(() => textarea.current?.focus())
        }}
      />
      <div>
        <label htmlFor={`${id}-body`} className="text-sm font-medium text-slate-900">
          {m.replies_body_label()}
        </label>
        <textarea
          ref={textarea}
          id={`${id}-body`}
          name="body"
          rows={7}
          value={body}
          onChange={(event) => {
            setBody(event.target.value)
            if (error) setError(undefined)
          }}
          maxLength={LIMITS.replies.bodyMax}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          dir="auto"
          className="mt-1.5 block w-full resize-y rounded-md border border-slate-300 px-3 py-2 text-sm leading-relaxed text-slate-900 shadow-xs focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-600 aria-invalid:border-red-500"
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      {outbox ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {m.replies_outbox_note()}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="ghost"
          onClick={() => {
            setOpen(false)
            requestAnimationFrame(() => opener.current?.focus())
          }}
          disabled={send.isPending}
        >
          {m.replies_cancel()}
        </Button>
        <Button type="submit" className="min-w-28" disabled={send.isPending} aria-busy={send.isPending}>
          {send.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          {send.isPending ? m.replies_sending() : m.replies_send()}
        </Button>
      </div>
    </form>
  )
}
