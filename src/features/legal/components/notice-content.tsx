import { usePageContent } from '~/features/landing/page-content-context'
import { m } from '~/paraglide/messages'
import type { LegalFacts } from '../legal.schemas'
import { List, Paragraph, Section, Subheading, WithEmail } from './prose'

const RIGHTS = [
  () => m.legal_notice_rights_1(),
  () => m.legal_notice_rights_2(),
  () => m.legal_notice_rights_3(),
  () => m.legal_notice_rights_4(),
  () => m.legal_notice_rights_5(),
  () => m.legal_notice_rights_6(),
  () => m.legal_notice_rights_7(),
  () => m.legal_notice_rights_8(),
  () => m.legal_notice_rights_9(),
]

const ABROAD = {
  hosting: () => m.legal_notice_abroad_hosting(),
  database: () => m.legal_notice_abroad_database(),
  mail: () => m.legal_notice_abroad_mail(),
}

/** The sentence on transfer abroad, as the configuration (PROVIDERS_ABROAD) decides it. */
export function abroadSentence(facts: Pick<LegalFacts, 'providersAbroad'>, locale: string): string {
  if (facts.providersAbroad.length === 0) return m.legal_notice_abroad_none()
  const providers = new Intl.ListFormat(locale, { type: 'conjunction' }).format(facts.providersAbroad.map((p) => ABROAD[p]()))
  return m.legal_notice_abroad_some({ providers })
}

/** The information notice of KVKK Article 10 (docs/decisions/121-legal-pages.md). */
export function NoticeContent({ facts, locale }: { facts: LegalFacts; locale: string }) {
  const { contact } = usePageContent()
  const name = contact.legalName
  const letters = m.legal_notice_rights_letters().split(',')
  return (
    <>
      <Paragraph>{m.legal_notice_intro({ name })}</Paragraph>

      <Section id="controller" title={m.legal_notice_controller_title()}>
        <Paragraph>{m.legal_notice_controller_text({ name })}</Paragraph>
        <dl className="mt-4 grid gap-x-6 gap-y-2 rounded-xl border border-slate-200 bg-slate-50 p-5 leading-relaxed text-slate-700 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold text-brand-900">{m.legal_notice_controller_name()}</dt>
          <dd>{name}</dd>
          <dt className="font-semibold text-brand-900">{m.legal_notice_controller_address()}</dt>
          <dd>{contact.addressLines.join(', ')}</dd>
          <dt className="font-semibold text-brand-900">{m.legal_notice_controller_email()}</dt>
          <dd>
            <WithEmail text={contact.email} />
          </dd>
        </dl>
      </Section>

      <Section id="data" title={m.legal_notice_data_title()}>
        <List items={[m.legal_notice_data_visitors(), m.legal_notice_data_staff(), m.legal_notice_data_everyone()]} />
        <Subheading>{m.legal_visits_title()}</Subheading>
        <Paragraph>{m.legal_visits_text({ days: facts.visitRawDays })}</Paragraph>
      </Section>

      <Section id="purposes" title={m.legal_notice_purposes_title()}>
        <List items={[m.legal_notice_purposes_inquiry(), m.legal_notice_purposes_security(), m.legal_notice_purposes_staff()]} />
      </Section>

      <Section id="legal-bases" title={m.legal_notice_bases_title()}>
        <Paragraph>{m.legal_notice_bases_method()}</Paragraph>
        <Paragraph>{m.legal_notice_bases_contract()}</Paragraph>
        <Paragraph>{m.legal_notice_bases_interest()}</Paragraph>
        <Paragraph>{m.legal_notice_bases_no_consent()}</Paragraph>
      </Section>

      <Section id="recipients" title={m.legal_notice_recipients_title()}>
        <Paragraph>{m.legal_notice_recipients_intro()}</Paragraph>
        <List
          items={[
            m.legal_notice_recipients_hosting(),
            facts.supabase ? m.legal_notice_recipients_database_supabase() : m.legal_notice_recipients_database(),
            m.legal_notice_recipients_mail(),
          ]}
        />
        <Paragraph>{m.legal_notice_recipients_authorities()}</Paragraph>
        <Paragraph>
          <span data-testid="notice-abroad">{abroadSentence(facts, locale)}</span>
        </Paragraph>
      </Section>

      <Section id="retention" title={m.legal_notice_retention_title()}>
        <List
          items={[
            <span key="messages" data-testid="notice-message-retention">
              {m.legal_notice_retention_messages({ days: facts.messageRetentionDays })}
            </span>,
            <span key="ip" data-testid="notice-ip-retention">
              {m.legal_notice_retention_ip({ days: facts.ipRetentionDays })}
            </span>,
            <span key="visits" data-testid="notice-visit-retention">
              {m.legal_notice_retention_visits({ days: facts.visitRawDays })}
            </span>,
            m.legal_notice_retention_staff({ days: facts.sessionMaxDays }),
          ]}
        />
        <Paragraph>{m.legal_notice_retention_destruction()}</Paragraph>
        <Paragraph>{m.legal_notice_retention_backups()}</Paragraph>
      </Section>

      <Section id="rights" title={m.legal_notice_rights_title()}>
        <Paragraph>{m.legal_notice_rights_intro()}</Paragraph>
        <ol className="mt-4 space-y-2 leading-relaxed text-slate-700">
          {RIGHTS.map((right, index) => (
            <li key={letters[index]} className="flex gap-3 text-pretty">
              <span aria-hidden="true" className="w-5 shrink-0 font-semibold text-teal-700">
                {letters[index]})
              </span>
              <span>{right()}</span>
            </li>
          ))}
        </ol>
        <Subheading>{m.legal_notice_apply_title()}</Subheading>
        <Paragraph>
          <WithEmail text={m.legal_notice_apply_how({ email: contact.email })} />
        </Paragraph>
        <Paragraph>{m.legal_notice_apply_answer()}</Paragraph>
        <Paragraph>{m.legal_notice_apply_complaint()}</Paragraph>
      </Section>
    </>
  )
}
