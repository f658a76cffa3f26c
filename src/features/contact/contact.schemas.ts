/** The contact form's one schema: the form validates with it, the server function validates (and
 * trims) with it again, and the tests check its messages. Messages are functions, so each is
 * produced in the language of the moment it is shown (docs/product.md#contact-form). */
import * as v from 'valibot'
import { LOCALES } from '~/domain/locales'
import { FORM_STAMP_FIELD } from '~/lib/form-stamp'
import { LIMITS } from '~/lib/limits'
import { validate } from '~/lib/validate'
import { m } from '~/paraglide/messages'

const { nameMin, nameMax, emailMax, messageMin, messageMax } = LIMITS.contact

/** Text as it can be stored: control characters nobody types are dropped (NUL cannot be stored in
 * PostgreSQL text at all: the insert failed with a 500), and a lone UTF-16 surrogate becomes
 * U+FFFD, as UTF-8 storage would make it anyway (PGlite 0.5 cut the end off such text instead). */
const storableText = (keep: string) =>
  v.transform((text: string) => {
    let clean = ''
    for (const char of text) {
      const code = char.charCodeAt(0)
      if ((code < 0x20 || code === 0x7f) && !keep.includes(char)) continue
      clean += char.length === 1 && code >= 0xd800 && code <= 0xdfff ? '\uFFFD' : char
    }
    return clean
  })

export const ContactSchema = v.object({
  name: v.pipe(
    v.string(),
    storableText(''),
    v.trim(),
    v.nonEmpty(() => m.contact_name_required()),
    v.minLength(nameMin, () => m.contact_name_min({ min: String(nameMin) })),
    v.maxLength(nameMax, () => m.contact_name_max({ max: String(nameMax) })),
  ),
  email: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(() => m.contact_email_required()),
    v.maxLength(emailMax, () => m.contact_email_max({ max: String(emailMax) })),
    v.email(() => m.contact_email_invalid()),
  ),
  message: v.pipe(
    v.string(),
    storableText('\t\n\r'),
    v.trim(),
    v.nonEmpty(() => m.contact_message_required()),
    v.minLength(messageMin, () => m.contact_message_min({ min: String(messageMin) })),
    v.maxLength(messageMax, () => m.contact_message_max({ max: String(messageMax) })),
  ),
})

export type ContactInput = v.InferOutput<typeof ContactSchema>

/** The honeypot's field name: a person never sees it, a form-filling bot often fills it. */
export const HONEYPOT_FIELD = 'website'

/** The form's values: the fields plus the honeypot, always a string in the browser. */
export const ContactFormSchema = v.object({ ...ContactSchema.entries, [HONEYPOT_FIELD]: v.string() })

export { FORM_STAMP_FIELD }

/** What the server function accepts: the form plus the honeypot and the time stamp (docs/spam.md). */
export const ContactSubmissionSchema = v.object({
  ...ContactSchema.entries,
  [HONEYPOT_FIELD]: v.optional(v.pipe(v.string(), v.maxLength(500)), ''),
  [FORM_STAMP_FIELD]: v.optional(v.pipe(v.string(), v.maxLength(100)), ''),
  /** The page's language, kept with the message: a reply defaults to it. */
  locale: v.optional(v.picklist(LOCALES)),
  /** The visit the form was sent from (src/features/visits/lead-source.ts): referrer, landing path, query. */
  source: v.optional(
    v.strictObject({
      r: v.pipe(v.string(), v.maxLength(2048)),
      p: v.pipe(v.string(), v.maxLength(100)),
      q: v.pipe(v.string(), v.maxLength(2048)),
    }),
  ),
})

export type ContactSubmission = v.InferOutput<typeof ContactSubmissionSchema>
export type ContactSubmissionInput = v.InferInput<typeof ContactSubmissionSchema>

/** The server function's validator: trimmed input, or a 400 carrying each field's message. */
export const parseContactSubmission = validate(ContactSubmissionSchema)
