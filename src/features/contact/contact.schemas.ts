/**
 * The contact form's one schema: the form validates with it, the server function validates
 * (and trims) with it again, and the tests check its messages. Messages are functions, so
 * each is produced in the language of the moment it is shown (spec §5).
 */
import * as v from 'valibot'
import { AppError } from '~/lib/app-error'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'

const { nameMin, nameMax, emailMax, messageMin, messageMax } = LIMITS.contact

export const ContactSchema = v.object({
  name: v.pipe(
    v.string(),
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

/** What the server function accepts: the form plus the honeypot. */
export const ContactSubmissionSchema = v.object({
  ...ContactSchema.entries,
  [HONEYPOT_FIELD]: v.optional(v.pipe(v.string(), v.maxLength(500)), ''),
})

export type ContactSubmission = v.InferOutput<typeof ContactSubmissionSchema>
export type ContactSubmissionInput = v.InferInput<typeof ContactSubmissionSchema>

/** Field name → first message, for showing server-side validation under each field. */
export function contactFieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const key = v.getDotPath(issue)
    if (key && !(key in fields)) fields[key] = issue.message
  }
  return fields
}

/** The server function's validator: trimmed input, or a 400 carrying each field's message. */
export function parseContactSubmission(input: unknown): ContactSubmission {
  const parsed = v.safeParse(ContactSubmissionSchema, input)
  if (!parsed.success) throw new AppError(400, 'bad_request', m.error_bad_request(), contactFieldErrors(parsed.issues))
  return parsed.output
}
