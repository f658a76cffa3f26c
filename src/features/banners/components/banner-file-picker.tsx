import { FileUpload, type FileUploadFileRejection, useFileUpload } from '@ark-ui/react/file-upload'
import { LoaderCircle, Upload } from 'lucide-react'
import type { BannerKey } from '~/domain/banners'
import { buttonClass } from '~/components/ui/button'
import { toast } from '~/components/ui/toaster'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import type { BannerImageKind } from '../banners.schemas'
import type { UploadedBannerImage } from '../upload-banner-image'
import { useBannerImageUpload } from '../use-banner-image-upload'

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp']
const MAX_MB = LIMITS.upload.maxBytes / (1024 * 1024)

/** The browser's first check, before a byte is sent; the server checks the bytes again. */
function explainRejection({ file, errors }: FileUploadFileRejection) {
  if (errors.includes('TOO_MANY_FILES')) {
    toast.error({ title: m.banner_toast_upload_error(), description: m.banner_upload_error_one_file() })
  } else if (!file.type.startsWith('image/')) {
    toast.error({ title: m.banner_toast_not_image() })
  } else if (errors.includes('FILE_INVALID_TYPE')) {
    toast.error({ title: m.banner_toast_upload_error(), description: m.banner_upload_error_type() })
  } else {
    toast.error({ title: m.banner_toast_upload_error(), description: m.banner_upload_error_too_big({ maxMb: MAX_MB }) })
  }
}

const COPY: Record<BannerImageKind, { label: () => string; choose: () => string }> = {
  main: { label: m.banner_file_label, choose: m.banner_file_choose },
  mobile: { label: m.banner_mobile_file_label, choose: m.banner_mobile_file_choose },
}

interface BannerFilePickerProps {
  bannerKey: BannerKey
  kind: BannerImageKind
  onUploaded: (uploaded: UploadedBannerImage) => void
}

/** "Dosya Seç" for one of a banner's images, with upload progress, then a note while copies are made. */
export function BannerFilePicker({ bannerKey, kind, onUploaded }: BannerFilePickerProps) {
  const { upload, uploading, progress } = useBannerImageUpload(bannerKey, kind, onUploaded)
  const copy = COPY[kind]
  const fileUpload = useFileUpload({
    maxFiles: 1,
    accept: ACCEPTED_TYPES,
    maxFileSize: LIMITS.upload.maxBytes,
    disabled: uploading,
    onFileChange: ({ acceptedFiles, rejectedFiles }) => {
      const rejected = rejectedFiles[0]
      const accepted = acceptedFiles[0]
      if (!rejected && !accepted) return
      if (rejected) explainRejection(rejected)
      else if (accepted) upload(accepted)
      // The picker only hands the file over; the next pick starts from nothing.
      fileUpload.clearFiles()
      fileUpload.clearRejectedFiles()
    },
  })
  const percent = Math.round(progress * 100)

  return (
    <FileUpload.RootProvider value={fileUpload} className="space-y-1.5">
      <FileUpload.Label className="block text-sm font-medium text-slate-800">{copy.label()}</FileUpload.Label>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <FileUpload.Trigger className={buttonClass('secondary', 'sm', 'min-w-32')}>
          {uploading ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Upload aria-hidden="true" className="size-4" />
          )}
          {uploading ? m.banner_file_uploading() : copy.choose()}
        </FileUpload.Trigger>
        <span className="text-xs text-slate-500">{m.banner_file_hint({ maxMb: MAX_MB })}</span>
      </div>
      <FileUpload.HiddenInput data-testid={`banner-file-${bannerKey}${kind === 'mobile' ? '-mobile' : ''}`} />
      {uploading ? (
        <div className="flex items-center gap-2 pt-1">
          <div
            role="progressbar"
            aria-label={m.banner_upload_progress()}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width] duration-150" style={{ width: `${percent}%` }} />
          </div>
          <span className="w-10 text-right text-xs text-slate-600 tabular-nums">{percent}%</span>
        </div>
      ) : null}
      {/* Present before it has something to say, so screen readers announce it when it does. */}
      <p role="status" className="text-xs text-slate-600 empty:hidden">
        {uploading && percent === 100 ? m.banner_upload_processing() : null}
      </p>
    </FileUpload.RootProvider>
  )
}
