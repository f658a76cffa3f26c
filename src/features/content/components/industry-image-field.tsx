import { LoaderCircle, RotateCcw, Upload } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/toaster'
import type { IndustryImage } from '~/domain/site-content'
import { uploadBannerImage } from '~/features/banners/upload-banner-image'
import { builtInIndustryImage } from '~/features/landing/industries'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import type { ContentEditor } from './use-content-editor'

const ACCEPTED = 'image/jpeg,image/png,image/webp'

/**
 * An industry's picture: the built-in one (or none, for an industry staff added), or an upload
 * that goes through the banners' pipeline (checked by its bytes, AVIF/WebP copies made).
 */
export function IndustryImageField({
  editor,
  index,
  id,
  image,
}: {
  editor: ContentEditor
  index: number
  id: string
  image: IndustryImage | null
}) {
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  const builtIn = builtInIndustryImage(id)
  const shown = image?.url ?? builtIn

  async function upload(file: File) {
    setUploading(true)
    try {
      const uploaded = await uploadBannerImage({ key: `industry-${id}`, file })
      editor.update(
        ['industries', 'items', index, 'image'],
        uploaded.variants ? { url: uploaded.url, variants: uploaded.variants } : { url: uploaded.url },
      )
    } catch (error) {
      toast.error({ title: m.banner_toast_upload_error(), description: error instanceof Error ? error.message : undefined })
    } finally {
      setUploading(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <div>
      <p id={`${inputId}-label`} className="mb-1.5 text-sm font-medium text-slate-800">
        {m.content_field_image()}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {shown ? (
          <img
            src={shown}
            alt=""
            width={160}
            height={100}
            className="aspect-[8/5] w-40 rounded-md border border-slate-200 bg-slate-100 object-cover"
          />
        ) : (
          <div className="flex aspect-[8/5] w-40 items-center justify-center rounded-md border border-dashed border-slate-300 text-xs text-slate-500">
            {m.content_image_none()}
          </div>
        )}
        <div className="space-y-2">
          <p className="text-sm text-slate-600" data-testid={`industry-image-state-${id}`}>
            {image ? image.url : builtIn ? m.content_image_builtin_label() : m.content_image_none()}
          </p>
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={ACCEPTED}
              className="sr-only"
              aria-labelledby={`${inputId}-label ${inputId}-button`}
              aria-describedby={`${inputId}-hint`}
              disabled={uploading}
              onChange={(event) => {
                const file = event.target.files?.[0]
                if (file) void upload(file)
              }}
            />
            <Button
              variant="secondary"
              size="sm"
              id={`${inputId}-button`}
              disabled={uploading}
              onClick={() => input.current?.click()}
            >
              {uploading ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <Upload aria-hidden="true" className="size-4" />
              )}
              {uploading ? m.content_image_uploading() : m.content_image_upload()}
            </Button>
            {image ? (
              <Button variant="secondary" size="sm" onClick={() => editor.update(['industries', 'items', index, 'image'], null)}>
                <RotateCcw aria-hidden="true" className="size-4" />
                {m.content_image_builtin()}
              </Button>
            ) : null}
          </div>
          <p id={`${inputId}-hint`} className="text-xs text-slate-500">
            {m.content_image_hint({ maxMb: String(LIMITS.upload.maxBytes / (1024 * 1024)) })}
          </p>
        </div>
      </div>
    </div>
  )
}
