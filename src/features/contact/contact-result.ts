import * as v from 'valibot'

/** The outcome a form posted without JavaScript reports back in `?contact=`. */
export const CONTACT_RESULTS = ['sent', 'invalid', 'rate-limited', 'failed'] as const
export type ContactResult = (typeof CONTACT_RESULTS)[number]

export const ContactSearchSchema = v.object({
  contact: v.fallback(v.optional(v.picklist(CONTACT_RESULTS)), undefined),
})
