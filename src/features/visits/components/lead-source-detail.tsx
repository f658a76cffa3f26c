import type { LeadSource } from '~/domain/visits'
import { m } from '~/paraglide/messages'
import { leadSourceText } from '../lead-source-text'

/** 'Kaynak' in a message's detail: where the lead came from (docs/product.md#statistics). */
export function LeadSourceDetail({ source }: { source: LeadSource | null | undefined }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
      <dt className="text-slate-500">{m.inbox_source()}</dt>
      <dd className="text-slate-800 [overflow-wrap:anywhere]" data-testid="detail-source">
        {leadSourceText(source)}
      </dd>
    </dl>
  )
}
