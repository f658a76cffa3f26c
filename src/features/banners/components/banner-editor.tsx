import { Dialog } from '@ark-ui/react/dialog'
import { useForm } from '@tanstack/react-form'
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { LoaderCircle, RotateCcw } from 'lucide-react'
import { BANNER_KEYS, type Banner } from '~/backend/domain'
import { Button, buttonClass } from '~/components/ui/button'
import { toast } from '~/components/ui/toaster'
import { describeError } from '~/lib/app-error'
import { m } from '~/paraglide/messages'
import { resetBanners, saveBanners } from '../banners.functions'
import { type BannerUrls, bannersQueryKey, bannersQueryOptions, toBannerUrls } from '../banners.queries'
import { BannerImageUrlSchema } from '../banners.schemas'
import { bannerUploadMutationKey } from '../use-banner-image-upload'
import { BannerBlock } from './banner-block'

/** The dialog's body: loads both banners, then edits them. */
export function BannerEditor({ onSaved }: { onSaved: () => void }) {
  const query = useQuery(bannersQueryOptions())
  if (query.isPending) {
    return (
      <div className="flex min-h-64 flex-1 items-center justify-center gap-2 text-sm text-slate-600" role="status">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        {m.banner_loading()}
      </div>
    )
  }
  return (
    // A successful retry after a failed load starts the form again from the stored banners.
    <BannerForm
      key={query.isError ? 'load-failed' : 'loaded'}
      initial={toBannerUrls(query.data)}
      loadFailed={query.isError}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
      onSaved={onSaved}
    />
  )
}

function firstMessage(errors: unknown[]): string | undefined {
  const first = errors[0]
  if (typeof first === 'string') return first
  if (first && typeof first === 'object' && 'message' in first) return String(first.message)
  return undefined
}

/** A field's problem shows once the admin has left the field or tried to save. */
function shownError(meta: { isBlurred: boolean; errorMap: { onSubmit?: unknown }; errors: unknown[] }): string | undefined {
  return meta.isBlurred || meta.errorMap.onSubmit ? firstMessage(meta.errors) : undefined
}

function useBannerMutations(onReset: (urls: BannerUrls) => void, onSaved: () => void) {
  const queryClient = useQueryClient()
  const settle = (banners: Banner[]) => {
    queryClient.setQueryData(bannersQueryKey, banners)
    void queryClient.invalidateQueries({ queryKey: ['banners'] })
  }
  const save = useMutation({
    mutationFn: (urls: BannerUrls) => saveBanners({ data: urls }),
    onSuccess: (banners) => {
      settle(banners)
      toast.success({ title: m.banner_toast_saved_title(), description: m.banner_toast_saved_description() })
      onSaved()
    },
    onError: (error) => toast.error({ title: m.banner_toast_save_error(), description: describeError(error).message }),
  })
  const reset = useMutation({
    mutationFn: () => resetBanners(),
    onSuccess: (banners) => {
      settle(banners)
      onReset(toBannerUrls(banners))
      toast.success({ title: m.banner_toast_reset_success() })
    },
    onError: (error) => toast.error({ title: m.banner_toast_reset_error(), description: describeError(error).message }),
  })
  return { save, reset }
}

interface BannerFormProps {
  initial: BannerUrls
  /** The banners could not be read: the fields start empty and the previews show the defaults. */
  loadFailed: boolean
  retrying: boolean
  onRetry: () => void
  onSaved: () => void
}

function BannerForm({ initial, loadFailed, retrying, onRetry, onSaved }: BannerFormProps) {
  const form = useForm({
    defaultValues: initial,
    onSubmit: ({ value }) => save.mutateAsync(value).catch(() => undefined),
  })
  const { save, reset } = useBannerMutations((urls) => form.reset(urls), onSaved)
  const uploading = useIsMutating({ mutationKey: bannerUploadMutationKey }) > 0
  const busy = save.isPending || reset.isPending

  return (
    <form
      noValidate
      className="flex min-h-0 flex-1 flex-col"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">
        {loadFailed ? (
          <div
            role="status"
            className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            <p>{m.banner_load_error()}</p>
            <Button variant="secondary" size="sm" disabled={retrying} onClick={onRetry}>
              {m.banner_retry()}
            </Button>
          </div>
        ) : null}
        <div className="grid gap-5 md:grid-cols-2">
          {BANNER_KEYS.map((key) => (
            <form.Field key={key} name={key} validators={{ onChange: BannerImageUrlSchema, onSubmit: BannerImageUrlSchema }}>
              {(field) => (
                <BannerBlock
                  bannerKey={key}
                  url={field.state.value}
                  error={shownError(field.state.meta)}
                  onUrlChange={field.handleChange}
                  onUrlBlur={field.handleBlur}
                />
              )}
            </form.Field>
          ))}
        </div>
      </div>
      <footer className="border-t border-slate-200 bg-slate-50 px-5 py-3 sm:px-6 sm:py-4">
        <p className="text-xs leading-relaxed text-slate-600 sm:text-sm">{m.banner_footer_note()}</p>
        <div className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:items-center">
          <Button variant="ghost" className="col-span-2 sm:mr-auto" disabled={busy || uploading} onClick={() => reset.mutate()}>
            {reset.isPending ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <RotateCcw aria-hidden="true" className="size-4" />
            )}
            {m.banner_reset()}
          </Button>
          <Dialog.CloseTrigger className={buttonClass('secondary', 'md', 'sm:min-w-24')}>{m.banner_cancel()}</Dialog.CloseTrigger>
          <Button type="submit" className="sm:min-w-28" disabled={busy || uploading}>
            {save.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
            {save.isPending ? m.banner_saving() : m.banner_save()}
          </Button>
        </div>
      </footer>
    </form>
  )
}
