import type { SearchSchemaInput } from '@tanstack/react-router'
import { type ContactResult, parseContactSearch } from '~/features/contact/contact-result'

/**
 * The landing route's search params: the contact form's outcome, and `preview=draft` for an
 * admin's preview of the draft. Plain code, not a valibot schema (decision 181).
 */
export function parseLandingSearch(search: { contact?: ContactResult; preview?: 'draft' } & SearchSchemaInput): {
  contact: ContactResult | undefined
  preview: 'draft' | undefined
} {
  const { preview }: Record<string, unknown> = search
  return { ...parseContactSearch(search), preview: preview === 'draft' ? 'draft' : undefined }
}
