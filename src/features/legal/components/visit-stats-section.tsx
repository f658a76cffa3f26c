import { m } from '~/paraglide/messages'
import { Paragraph, Section } from './prose'

/** What the cookieless visit statistics count and keep (docs/decisions/250-cookieless-visit-stats.md). */
export function VisitStatsSection({ days }: { days: number }) {
  return (
    <Section id="visit-stats" title={m.legal_visits_title()}>
      <Paragraph>{m.legal_visits_text({ days })}</Paragraph>
    </Section>
  )
}
