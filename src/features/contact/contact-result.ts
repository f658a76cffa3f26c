import type { SearchSchemaInput } from '@tanstack/react-router'

/** The outcome a form posted without JavaScript reports back in `?contact=`. */
export const CONTACT_RESULTS = ['sent', 'invalid', 'rate-limited', 'failed'] as const
export type ContactResult = (typeof CONTACT_RESULTS)[number]

/** The landing route's search params: `contact` when it is one of the outcomes, else nothing. Plain
 * code, not a valibot schema: route options travel in every page's first load (decision 181). */
export function parseContactSearch(search: { contact?: ContactResult } & SearchSchemaInput): {
  contact: ContactResult | undefined
} {
  const { contact }: Record<string, unknown> = search
  return { contact: CONTACT_RESULTS.includes(contact as ContactResult) ? (contact as ContactResult) : undefined }
}
