/** The one way a server function's input is checked: `.validator(validate(Schema))`, failing as a
 * 400 whose `fields` forms show beside their inputs (decision 150). */
import * as v from 'valibot'
import { m } from '~/paraglide/messages'
import { AppError } from './app-error'

export interface ValidateOptions {
  /** `first-issue` when the schema writes its messages for the user; else a generic one. */
  message?: 'generic' | 'first-issue'
}

/** A validator for `.validator(...)`: the schema's output, or a thrown AppError. */
export function validate<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  options: ValidateOptions = {},
): (input: v.InferInput<TSchema>) => v.InferOutput<TSchema> {
  return (input) => {
    const result = v.safeParse(schema, input)
    if (result.success) return result.output
    const message = options.message === 'first-issue' ? result.issues[0].message : m.error_bad_request()
    throw new AppError(400, 'bad_request', message, fieldMessages(result.issues))
  }
}

/** The first message per top-level field (`email`, `tr-banner`); undefined when no issue names a field. */
export function fieldMessages(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> | undefined {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const key = v.getDotPath(issue)?.split('.')[0]
    if (key && !(key in fields)) fields[key] = issue.message
  }
  return Object.keys(fields).length > 0 ? fields : undefined
}
