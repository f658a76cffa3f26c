import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { Button, buttonClass } from '~/components/ui/button'
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
    <div className="min-h-dvh bg-slate-50">
      <main className="mx-auto max-w-[100rem] px-4 py-6 sm:px-6 lg:px-8">
        <header className="flex flex-col gap-4 border-b border-slate-200 pb-5 md:flex-row md:items-end md:justify-between">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{m.kvkk_admin_title()}</h1>
            <p className="mt-1 text-sm text-slate-600">{m.kvkk_admin_description()}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Link to="/admin/messages" className={buttonClass('secondary')}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              {m.kvkk_admin_back()}
            </Link>
            {actions}
          </div>
        </header>
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
      </main>
    </div>
  )
}
