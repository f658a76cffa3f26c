import { usePageContent } from '~/features/landing/page-content-context'
import { m } from '~/paraglide/messages'
import type { LegalFacts } from '../legal.schemas'
import { List, Paragraph, Section, WithEmail } from './prose'

/** The privacy policy: the notice's substance in plain words, with what the site never does. */
export function PrivacyContent({ facts }: { facts: LegalFacts }) {
  const { contact } = usePageContent()
  return (
    <>
      <Paragraph>{m.legal_privacy_intro({ name: contact.legalName })}</Paragraph>
      <Section id="collect" title={m.legal_privacy_collect_title()}>
        <Paragraph>{m.legal_privacy_collect_text()}</Paragraph>
      </Section>
      <Section id="never" title={m.legal_privacy_never_title()}>
        <List
          items={[m.legal_privacy_never_tracking(), m.legal_privacy_never_third_parties(), m.legal_privacy_never_selling()]}
        />
      </Section>
      <Section id="use" title={m.legal_privacy_use_title()}>
        <Paragraph>{m.legal_privacy_use_text()}</Paragraph>
      </Section>
      <Section id="security" title={m.legal_privacy_security_title()}>
        <Paragraph>{m.legal_privacy_security_text()}</Paragraph>
      </Section>
      <Section id="retention" title={m.legal_privacy_retention_title()}>
        <Paragraph>
          <span data-testid="privacy-retention">
            {m.legal_privacy_retention_text({ messageDays: facts.messageRetentionDays, ipDays: facts.ipRetentionDays })}
          </span>
        </Paragraph>
      </Section>
      <Section id="rights" title={m.legal_privacy_rights_title()}>
        <Paragraph>
          <WithEmail text={m.legal_privacy_rights_text({ email: contact.email })} />
        </Paragraph>
      </Section>
      <Section id="changes" title={m.legal_privacy_changes_title()}>
        <Paragraph>{m.legal_privacy_changes_text()}</Paragraph>
      </Section>
    </>
  )
}
