/** The 'Etkinlik Kaydı' page's filters, as its URL carries them (and its server functions take them). */
import * as v from 'valibot'
import { ACTIVITY_ACTIONS } from '~/domain/activity'

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

export const ActivitySearchSchema = v.object({
  /** A staff member's address (or `cli`, or an erased person's hash). */
  actor: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254))),
  action: v.optional(v.picklist(ACTIVITY_ACTIONS)),
  /** Inclusive days, YYYY-MM-DD (the firm's day, Europe/Istanbul). */
  from: v.optional(v.pipe(v.string(), v.regex(ISO_DATE))),
  to: v.optional(v.pipe(v.string(), v.regex(ISO_DATE))),
  /** The next page: rows older than this row id. */
  before: v.optional(v.pipe(v.string(), v.regex(/^\d{1,19}$/))),
})
export type ActivitySearch = v.InferOutput<typeof ActivitySearchSchema>
