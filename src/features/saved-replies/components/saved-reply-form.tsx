import { revalidateLogic, useForm } from '@tanstack/react-form'
import { LoaderCircle } from 'lucide-react'
import { useState } from 'react'
import type { SavedReply } from '~/domain/saved-replies'
import { Button } from '~/components/ui/button'
import { FormField, firstError } from '~/components/ui/form-field'
import { Input, Textarea } from '~/components/ui/input'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import { type SavedReplyFields, SavedReplyFieldsSchema } from '../saved-replies.schemas'

type FieldName = keyof SavedReplyFields
const EMPTY: SavedReplyFields = { title: '', bodyTr: '', bodyEn: '' }

/**
 * Add or edit one saved reply, checked with the server's schema. `onSave` rejects with the
 * server's field messages, which show under their fields; the text stays as typed.
 */
export function SavedReplyForm({
  editing,
  onSave,
  onCancel,
}: {
  /** The saved reply being edited; null: a new one. */
  editing: SavedReply | null
  onSave: (fields: SavedReplyFields) => Promise<Partial<Record<FieldName, string>> | undefined>
  onCancel: () => void
}) {
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({})
  const form = useForm({
    defaultValues: editing ? { title: editing.title, bodyTr: editing.bodyTr, bodyEn: editing.bodyEn } : EMPTY,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: SavedReplyFieldsSchema },
    onSubmit: async ({ value, formApi }) => {
      const refused = await onSave(value)
      setServerErrors(refused ?? {})
      if (!refused && !editing) formApi.reset()
    },
  })
  const error = (name: FieldName, errors: readonly unknown[]) => firstError(errors) ?? serverErrors[name]
  const prefix = editing ? `saved-reply-${editing.id}` : 'saved-reply-new'
  const heading = editing ? m.saved_replies_edit_title() : m.saved_replies_add_title()

  return (
    <form
      noValidate
      aria-labelledby={`${prefix}-title`}
      data-testid="saved-reply-form"
      className="space-y-4 p-4 sm:p-5"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <h2 id={`${prefix}-title`} className="text-base font-semibold text-slate-900">
        {heading}
      </h2>
      <form.Field name="title">
        {(field) => (
          <FormField id={`${prefix}-name`} label={m.saved_replies_field_title()} error={error('title', field.state.meta.errors)}>
            {(control) => (
              <Input
                {...control}
                value={field.state.value}
                maxLength={LIMITS.savedReplies.titleMax}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
              />
            )}
          </FormField>
        )}
      </form.Field>
      {(['bodyTr', 'bodyEn'] as const).map((name) => (
        <form.Field key={name} name={name}>
          {(field) => (
            <FormField
              id={`${prefix}-${name}`}
              label={name === 'bodyTr' ? m.saved_replies_field_tr() : m.saved_replies_field_en()}
              error={error(name, field.state.meta.errors)}
            >
              {(control) => (
                <Textarea
                  {...control}
                  rows={6}
                  lang={name === 'bodyTr' ? 'tr' : 'en'}
                  dir="auto"
                  className="resize-y text-sm leading-relaxed"
                  value={field.state.value}
                  maxLength={LIMITS.savedReplies.bodyMax}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={field.handleBlur}
                />
              )}
            </FormField>
          )}
        </form.Field>
      ))}
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(busy) => (
          <div className="flex flex-wrap justify-end gap-2">
            {editing ? (
              <Button variant="ghost" onClick={onCancel} disabled={busy}>
                {m.saved_replies_cancel()}
              </Button>
            ) : null}
            <Button type="submit" className="min-w-24" disabled={busy} aria-busy={busy}>
              {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
              {busy ? m.saved_replies_saving() : editing ? m.saved_replies_save() : m.saved_replies_add()}
            </Button>
          </div>
        )}
      </form.Subscribe>
    </form>
  )
}
