import { Eraser, EyeOff } from 'lucide-react'
import type { DestructionCategory, DestructionRecord, RetentionPolicy } from '~/domain/privacy'
import { TeamDate } from '~/features/team/components/team-date'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'

const CATEGORY_LABEL: Record<DestructionCategory, () => string> = {
  messages: m.kvkk_admin_category_messages,
  trash: m.kvkk_admin_category_trash,
  spam: m.kvkk_admin_category_spam,
  ip_addresses: m.kvkk_admin_category_ip_addresses,
  mail: m.kvkk_admin_category_mail,
  rate_limits: m.kvkk_admin_category_rate_limits,
  destruction_records: m.kvkk_admin_category_destruction_records,
  page_views: m.kvkk_admin_category_page_views,
  visit_salts: m.kvkk_admin_category_visit_salts,
  activity_log: m.kvkk_admin_category_activity_log,
}

/** 'Saklama Politikası': the periods the server runs with. */
export function PolicyCard({ policy }: { policy: RetentionPolicy }) {
  const days = (n: number) => m.kvkk_admin_days({ days: n })
  const rows: [string, string][] = [
    [m.kvkk_admin_policy_messages(), days(policy.messageDays)],
    [m.kvkk_admin_policy_ip(), days(policy.ipDays)],
    [m.kvkk_admin_policy_trash(), days(policy.trashDays)],
    [m.kvkk_admin_policy_spam(), days(policy.spamDays)],
    [m.kvkk_admin_policy_page_views(), days(policy.visitRawDays ?? LIMITS.visits.rawDefaultDays)],
    [m.kvkk_admin_policy_records(), m.kvkk_admin_years({ years: policy.recordYears })],
  ]
  return (
    <section aria-labelledby="kvkk-policy-title" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="border-b border-slate-200 px-4 py-3 sm:px-5">
        <h2 id="kvkk-policy-title" className="text-base font-semibold text-slate-900">
          {m.kvkk_admin_policy_title()}
        </h2>
        <p className="mt-0.5 text-xs text-slate-500">{m.kvkk_admin_policy_note()}</p>
      </header>
      <dl className="divide-y divide-slate-100" data-testid="kvkk-policy">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-baseline justify-between gap-4 px-4 py-2.5 sm:px-5">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="shrink-0 text-sm font-medium tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** 'İmha Kayıtları': what each retention run destroyed, newest first; no personal data. */
export function DestructionRecords({ records, recordYears }: { records: DestructionRecord[]; recordYears: number }) {
  return (
    <section aria-labelledby="kvkk-records-title" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="border-b border-slate-200 px-4 py-3 sm:px-5">
        <h2 id="kvkk-records-title" className="text-base font-semibold text-slate-900">
          {m.kvkk_admin_records_title()}
        </h2>
        <p className="mt-0.5 text-xs text-slate-500">
          {m.kvkk_admin_records_note({ count: LIMITS.retention.recordsShown, years: recordYears })}
        </p>
      </header>
      {records.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-500 sm:px-5">{m.kvkk_admin_records_empty()}</p>
      ) : (
        <ol className="divide-y divide-slate-100" data-testid="kvkk-records">
          {records.map((record) => {
            const anonymized = record.method === 'anonymization'
            const Icon = anonymized ? EyeOff : Eraser
            return (
              <li key={record.id} data-testid="kvkk-record" className="flex gap-3 px-4 py-3 sm:px-5">
                <span
                  className={`mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full ${
                    anonymized ? 'bg-amber-50 text-amber-700' : 'bg-slate-100 text-slate-700'
                  }`}
                >
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm break-words text-slate-800">{CATEGORY_LABEL[record.category]()}</p>
                  <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-slate-500">
                    <span>{anonymized ? m.kvkk_admin_method_anonymization() : m.kvkk_admin_method_deletion()}</span>
                    <span className="tabular-nums">{m.kvkk_admin_record_count({ count: record.count })}</span>
                    <TeamDate iso={record.at} />
                  </p>
                </div>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
