/** Sign-in input, shared by the login form (client-side checks) and the server functions (the real
 * checks). Messages are functions so they are read in the caller's language. */
import * as v from 'valibot'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'

const codeLength = LIMITS.auth.codeLength

/** Mail clients show codes in groups ("123 456"): a pasted code may carry a few spaces. */
export const CODE_INPUT_MAX_LENGTH = codeLength * 2

export const EmailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(() => m.login_email_required()),
  v.maxLength(LIMITS.contact.emailMax, () => m.login_email_invalid()),
  v.email(() => m.login_email_invalid()),
)

export const CodeSchema = v.pipe(
  v.string(),
  v.maxLength(CODE_INPUT_MAX_LENGTH, () => m.login_code_format({ length: codeLength })),
  v.transform((code) => code.replace(/\s+/g, '')),
  v.nonEmpty(() => m.login_code_required()),
  v.regex(/^\d+$/, () => m.login_code_format({ length: codeLength })),
  v.length(codeLength, () => m.login_code_format({ length: codeLength })),
)

export const SendLoginCodeSchema = v.object({ email: EmailSchema })
export type SendLoginCodeInput = v.InferInput<typeof SendLoginCodeSchema>

export const VerifyLoginCodeSchema = v.object({ email: EmailSchema, code: CodeSchema })
export type VerifyLoginCodeInput = v.InferInput<typeof VerifyLoginCodeSchema>

/** The code e-mail sendLoginCode queued for an SMTP server, as the login page follows it. */
export const CodeDeliveryInputSchema = v.object({ id: v.pipe(v.string(), v.uuid()) })
export type CodeDeliveryInput = v.InferInput<typeof CodeDeliveryInputSchema>
