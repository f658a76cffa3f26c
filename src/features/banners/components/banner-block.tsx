import { useId } from 'react'
import { BANNER_BADGE, type BannerKey, DEFAULT_BANNER_URL } from '~/backend/domain'
import { Badge } from '~/components/ui/badge'
import { FieldError, Input } from '~/components/ui/input'
import { m } from '~/paraglide/messages'
import { BannerFilePicker } from './banner-file-picker'
import { BannerPreview, useBannerPreview } from './banner-preview'

const BLOCK_LABEL: Record<BannerKey, () => string> = {
  'tr-banner': m.banner_block_tr,
  'en-banner': m.banner_block_en,
}

interface BannerBlockProps {
  bannerKey: BannerKey
  url: string
  error?: string
  onUrlChange: (url: string) => void
  onUrlBlur: () => void
}

/** One banner: its preview, its image URL and a file picker that fills the URL in. */
export function BannerBlock({ bannerKey, url, error, onUrlChange, onUrlBlur }: BannerBlockProps) {
  const id = useId()
  const label = BLOCK_LABEL[bannerKey]()
  const inputId = `${id}-url`
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const preview = useBannerPreview(url, DEFAULT_BANNER_URL[bannerKey])

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-xl border border-slate-200 bg-slate-50/60 p-4 sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          {label}
        </h3>
        <div className="flex items-center gap-2">
          {preview.isDefault ? <Badge tone="muted">{m.banner_preview_default()}</Badge> : null}
          <Badge tone="brand">{BANNER_BADGE[bannerKey]}</Badge>
        </div>
      </div>
      <BannerPreview preview={preview} alt={m.banner_preview_alt({ label })} />
      <div className="space-y-1.5">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
          {m.banner_url_label()}
        </label>
        <Input
          id={inputId}
          name={bannerKey}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://"
          value={url}
          onChange={(event) => onUrlChange(event.target.value)}
          onBlur={onUrlBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : hintId}
        />
        <FieldError id={errorId} message={error} />
        {error ? null : (
          <p id={hintId} className="text-xs text-slate-500">
            {m.banner_url_hint()}
          </p>
        )}
      </div>
      <BannerFilePicker bannerKey={bannerKey} onUploaded={onUrlChange} />
    </section>
  )
}
