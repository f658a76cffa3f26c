import { Dialog } from '@ark-ui/react/dialog'
import { useForm } from '@tanstack/react-form'
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { LoaderCircle, RotateCcw } from 'lucide-react'
import { BANNER_KEYS, type Banner, type BannerKey } from '~/domain/banners'
import { Button, buttonClass } from '~/components/ui/button'
import { firstError } from '~/components/ui/form-field'
import { toast } from '~/components/ui/toaster'
import { describeError } from '~/lib/app-error'
import { m } from '~/paraglide/messages'
import { resetBanners, saveBanners } from '../banners.functions'
import { type BannerFormValues, bannersQueryKey, bannersQueryOptions, toBannerFormValues } from '../banners.queries'
import { BannerImageUrlSchema, type BannerImageKind } from '../banners.schemas'
import { bannerUploadMutationKey } from '../use-banner-image-upload'
import { BannerBlock } from './banner-block'
import { BannerImageField } from './banner-image-field'

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
      initial={toBannerFormValues(query.data)}
      loadFailed={query.isError}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
      onSaved={onSaved}
    />
  )
}

/** A field's problem shows once the admin has left the field or tried to save. */
function shownError(meta: { isBlurred: boolean; errorMap: { onSubmit?: unknown }; errors: unknown[] }): string | undefined {
  return meta.isBlurred || meta.errorMap.onSubmit ? firstError(meta.errors) : undefined
}

function useBannerMutations(onReset: (values: BannerFormValues) => void, onSaved: () => void) {
  const queryClient = useQueryClient()
  const settle = (banners: Banner[]) => {
    queryClient.setQueryData(bannersQueryKey, banners)
    void queryClient.invalidateQueries({ queryKey: ['banners'] })
  }
  const save = useMutation({
    mutationFn: (values: BannerFormValues) => saveBanners({ data: values }),
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
      onReset(toBannerFormValues(banners))
      toast.success({ title: m.banner_toast_reset_success() })
    },
    onError: (error) => toast.error({ title: m.banner_toast_reset_error(), description: describeError(error).message }),
  })
  return { save, reset }
}

interface BannerFormProps {
  initial: BannerFormValues
  /** The banners could not be read: the fields start empty and the previews show the defaults. */
  loadFailed: boolean
  retrying: boolean
  onRetry: () => void
  onSaved: () => void
}

/** Each image's URL field, and the field holding the copies its upload made. */
const FIELDS = {
  main: { url: 'imageUrl', variants: 'imageVariants' },
  mobile: { url: 'mobileImageUrl', variants: 'mobileImageVariants' },
} as const
const URL_VALIDATORS = { onChange: BannerImageUrlSchema, onSubmit: BannerImageUrlSchema }

function useBannerForm(initial: BannerFormValues, onSubmit: (values: BannerFormValues) => Promise<unknown>) {
  return useForm({ defaultValues: initial, onSubmit: ({ value }) => onSubmit(value) })
}

/** One image of one banner: typing a URL drops an earlier upload's copies; an upload brings its own. */
function BannerImageFormField({
  form,
  bannerKey,
  kind,
}: {
  form: ReturnType<typeof useBannerForm>
  bannerKey: BannerKey
  kind: BannerImageKind
}) {
  const { url, variants } = FIELDS[kind]
  return (
    <form.Field name={`${bannerKey}.${url}`} validators={URL_VALIDATORS}>
      {(field) => (
        <BannerImageField
          bannerKey={bannerKey}
          kind={kind}
          url={field.state.value}
          error={shownError(field.state.meta)}
          onUrlChange={(value) => {
            field.handleChange(value)
            form.setFieldValue(`${bannerKey}.${variants}`, null)
          }}
          onUrlBlur={field.handleBlur}
          onUploaded={(uploaded) => {
            field.handleChange(uploaded.url)
            form.setFieldValue(`${bannerKey}.${variants}`, uploaded.variants)
          }}
        />
      )}
    </form.Field>
  )
}

function BannerForm({ initial, loadFailed, retrying, onRetry, onSaved }: BannerFormProps) {
  const form = useBannerForm(initial, (value) => save.mutateAsync(value).catch(() => undefined))
  const { save, reset } = useBannerMutations((values) => form.reset(values), onSaved)
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
            <form.Subscribe key={key} selector={(state) => state.values[key]}>
              {(value) => (
                <BannerBlock
                  bannerKey={key}
                  value={value}
                  field={(kind) => <BannerImageFormField form={form} bannerKey={key} kind={kind} />}
                />
              )}
            </form.Subscribe>
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
