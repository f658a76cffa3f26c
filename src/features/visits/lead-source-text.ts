import type { LeadSource } from '~/domain/visits'
import { m } from '~/paraglide/messages'
import type { Locale } from '~/paraglide/runtime'

/**
 * A message's source in one line, for the detail's 'Kaynak' and the CSV: the referrer's host
 * (or 'Doğrudan'), the landing page, and the campaign's UTM values that were given.
 */
export function leadSourceText(source: LeadSource | null | undefined, locale?: Locale): string {
  const options = locale ? { locale } : undefined
  if (!source) return m.inbox_source_unknown({}, options)
  const parts = [source.referrerHost || m.inbox_source_direct({}, options)]
  if (source.landingPath) parts.push(`${m.inbox_source_landing({}, options)}: ${source.landingPath}`)
  const utm = [source.utm.source, source.utm.medium, source.utm.campaign, source.utm.term, source.utm.content].filter(Boolean)
  if (utm.length > 0) parts.push(`${m.inbox_source_campaign({}, options)}: ${utm.join(' / ')}`)
  return parts.join(' · ')
}
