/**
 * Saved replies ('Hazır Yanıtlar'): a title and a text in each language, picked in the composer
 * with their placeholders filled in. Imports nothing of the app: components may import it freely.
 */
import type { Locale } from './locales'

export interface SavedReply {
  id: string
  title: string
  bodyTr: string
  bodyEn: string
  createdAt: string
  updatedAt: string
}

export interface SavedReplyInput {
  title: string
  bodyTr: string
  bodyEn: string
}

/** Why a saved reply was not stored: LIMITS.savedReplies.max of them exist already. */
export type SavedReplyRefusal = 'limit'

/** What a placeholder becomes: the lead's name, address and the day it wrote. */
export interface PlaceholderValues {
  name: string
  email: string
  date: string
}

/** The placeholders, in the order the page lists them; the same words in both languages. */
export const PLACEHOLDERS = ['ad', 'eposta', 'tarih'] as const
export type Placeholder = (typeof PLACEHOLDERS)[number]

const VALUE_OF: Record<Placeholder, keyof PlaceholderValues> = { ad: 'name', eposta: 'email', tarih: 'date' }

/** The saved reply's text in `locale` with `{ad}`, `{eposta}` and `{tarih}` filled in; other braces stay. */
export function fillSavedReply(reply: Pick<SavedReply, 'bodyTr' | 'bodyEn'>, locale: Locale, values: PlaceholderValues): string {
  const body = locale === 'en' ? reply.bodyEn : reply.bodyTr
  return body.replace(/\{(ad|eposta|tarih)\}/g, (_, key: Placeholder) => values[VALUE_OF[key]])
}
