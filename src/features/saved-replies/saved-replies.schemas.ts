/** The saved-reply functions' inputs, checked on the server by `validate` and on the page. */
import * as v from 'valibot'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'

/** Control characters nobody types go (NUL cannot be stored); tabs and line breaks stay. */
const storable = v.transform((text: string) =>
  Array.from(text)
    .filter((char) => {
      const code = char.charCodeAt(0)
      return !(code < 0x20 || code === 0x7f) || char === '\t' || char === '\n' || char === '\r'
    })
    .join(''),
)

const Body = (required: () => string) =>
  v.pipe(
    v.string(),
    storable,
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(LIMITS.savedReplies.bodyMax, () => m.saved_replies_body_max({ max: String(LIMITS.savedReplies.bodyMax) })),
  )

export const SavedReplyFieldsSchema = v.object({
  title: v.pipe(
    v.string(),
    storable,
    v.transform((text) => text.replace(/\s+/g, ' ')),
    v.trim(),
    v.nonEmpty(() => m.saved_replies_title_required()),
    v.maxLength(LIMITS.savedReplies.titleMax, () => m.saved_replies_title_max({ max: String(LIMITS.savedReplies.titleMax) })),
  ),
  bodyTr: Body(() => m.saved_replies_body_tr_required()),
  bodyEn: Body(() => m.saved_replies_body_en_required()),
})
export type SavedReplyFields = v.InferInput<typeof SavedReplyFieldsSchema>

const UuidSchema = v.pipe(v.string(), v.uuid())

export const UpdateSavedReplyInputSchema = v.object({ id: UuidSchema, ...SavedReplyFieldsSchema.entries })
export const SavedReplyIdInputSchema = v.object({ id: UuidSchema })
