/** The team page's input, shared by its form (client-side checks) and its server functions. */
import * as v from 'valibot'
import { EmailSchema } from '~/features/auth/auth.schemas'

export const TeamEmailInputSchema = v.object({ email: EmailSchema })
export type TeamEmailInput = v.InferInput<typeof TeamEmailInputSchema>

export const TeamRoleInputSchema = v.object({ email: EmailSchema, role: v.picklist(['owner', 'admin']) })
export type TeamRoleInput = v.InferInput<typeof TeamRoleInputSchema>
