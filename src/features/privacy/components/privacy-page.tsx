import { useQuery, useQueryClient } from '@tanstack/react-query'
import { StaffPage } from '~/features/staff-shell/components/staff-page'
import { type ReactNode, useEffect } from 'react'
import { Button } from '~/components/ui/button'
import { redirectIfRefused } from '~/features/team/components/use-team-actions'
import { m } from '~/paraglide/messages'
import { privacyKeys, retentionQueryOptions } from '../privacy.queries'
import { DestructionRecords, PolicyCard } from './retention-panel'
import { SubjectRequest } from './subject-request'

/** /admin/privacy: one person's data (find, download, erase), the retention policy and the destruction records. */
export function PrivacyPage({ actions }: { actions?: ReactNode }) {
  const retention = useQuery(retentionQueryOptions())
  const queryClient = useQueryClient()

  useEffect(() => {
    if (retention.error) redirectIfRefused(retention.error)
  }, [retention.error])

  return (
    <StaffPage title={m.kvkk_admin_title()} description={m.kvkk_admin_description()} back={m.kvkk_admin_back()} actions={actions}>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] xl:grid-cols-[minmax(0,1fr)_28rem]">
        <SubjectRequest
          you={retention.data?.you}
          onErased={() => queryClient.invalidateQueries({ queryKey: privacyKeys.retention })}
        />
        {retention.isError && !retention.data ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-4 py-16 text-sm text-slate-600">
            {m.kvkk_admin_load_failed()}
            <Button variant="secondary" size="sm" onClick={() => retention.refetch()}>
              {m.kvkk_admin_retry()}
            </Button>
          </div>
        ) : retention.data ? (
          <div className="flex min-w-0 flex-col gap-6">
            <PolicyCard policy={retention.data.policy} />
            <DestructionRecords records={retention.data.records} recordYears={retention.data.policy.recordYears} />
          </div>
        ) : (
          <p className="px-4 py-8 text-center text-sm text-slate-500">{m.kvkk_admin_loading()}</p>
        )}
      </div>
    </StaffPage>
  )
}
