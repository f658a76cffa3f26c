/** The staff page's input: one address, checked in the form as the server checks it. */
import * as v from 'valibot'
import { EmailSchema } from '~/features/auth/auth.schemas'

export const SubjectInputSchema = v.object({ email: EmailSchema })
export type SubjectInput = v.InferInput<typeof SubjectInputSchema>
