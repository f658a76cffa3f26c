/** The reply functions' inputs, checked on the server by `validate` and in the composer. */
import * as v from 'valibot'
import { LOCALES } from '~/domain/locales'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'

const UuidSchema = v.pipe(v.string(), v.uuid())

/** Control characters nobody types go (NUL cannot be stored); tabs and line breaks stay. */
const storable = v.transform((text: string) =>
  Array.from(text)
    .filter((char) => {
      const code = char.charCodeAt(0)
      return !(code < 0x20 || code === 0x7f) || char === '\t' || char === '\n' || char === '\r'
    })
    .join(''),
)

export const ReplyBodySchema = v.pipe(
  v.string(),
  storable,
  v.trim(),
  v.nonEmpty(() => m.replies_body_required()),
  v.maxLength(LIMITS.replies.bodyMax, () => m.replies_body_max({ max: String(LIMITS.replies.bodyMax) })),
)

export const SendReplyInputSchema = v.object({
  /** The click's id: a retried request with the same id sends nothing more. */
  replyId: UuidSchema,
  messageId: UuidSchema,
  locale: v.picklist(LOCALES),
  body: ReplyBodySchema,
})
export type SendReplyInput = v.InferInput<typeof SendReplyInputSchema>

export const ThreadInputSchema = v.object({ messageId: UuidSchema })
export const ResendReplyInputSchema = v.object({ replyId: UuidSchema })
