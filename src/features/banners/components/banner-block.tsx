import { type ReactNode, useId } from 'react'
import { BANNER_BADGE, type BannerKey, DEFAULT_BANNER_URL, DEFAULT_MOBILE_BANNER_URL } from '~/domain/banners'
import { Badge } from '~/components/ui/badge'
import { m } from '~/paraglide/messages'
import type { BannerFormValue } from '../banners.queries'
import type { BannerImageKind } from '../banners.schemas'
import { BannerPreview, useBannerPreview } from './banner-preview'

const BLOCK_LABEL: Record<BannerKey, () => string> = {
  'tr-banner': m.banner_block_tr,
  'en-banner': m.banner_block_en,
}

interface BannerBlockProps {
  bannerKey: BannerKey
  value: BannerFormValue
  /** The URL field and file picker of one of the banner's images. */
  field: (kind: BannerImageKind) => ReactNode
}

/** What a phone shows: the mobile image, else the banner's own image; the default banner has a mobile image of its own. */
function phoneUrl(bannerKey: BannerKey, { imageUrl, mobileImageUrl }: BannerFormValue): string {
  if (mobileImageUrl.trim() !== '') return mobileImageUrl
  const main = imageUrl.trim()
  return main === '' || main === DEFAULT_BANNER_URL[bannerKey] ? '' : main
}

/** One banner: its preview and image, then the optional mobile image with a preview of what phones show. */
export function BannerBlock({ bannerKey, value, field }: BannerBlockProps) {
  const id = useId()
  const label = BLOCK_LABEL[bannerKey]()
  const preview = useBannerPreview(value.imageUrl, DEFAULT_BANNER_URL[bannerKey])
  const phone = useBannerPreview(phoneUrl(bannerKey, value), DEFAULT_MOBILE_BANNER_URL[bannerKey])

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
      {field('main')}
      <fieldset aria-labelledby={`${id}-mobile`} className="min-w-0 space-y-4 border-t border-slate-200 pt-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 id={`${id}-mobile`} className="text-sm font-semibold text-slate-900">
            {m.banner_mobile_title()}
          </h4>
          {phone.isDefault ? <Badge tone="muted">{m.banner_mobile_preview_default()}</Badge> : null}
        </div>
        <div className="flex flex-col gap-3 min-[28rem]:flex-row min-[28rem]:items-start">
          <BannerPreview phone preview={phone} alt={m.banner_mobile_preview_alt({ label })} />
          <p className="text-xs leading-relaxed text-slate-600">{m.banner_mobile_description()}</p>
        </div>
        {field('mobile')}
      </fieldset>
    </section>
  )
}
