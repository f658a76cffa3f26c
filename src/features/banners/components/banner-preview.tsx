import { ImageOff } from 'lucide-react'
import { useEffect, useState } from 'react'
import { isAllowedImageUrl } from '../banners.schemas'

/** Typing in the URL field should not fire a request per keystroke. */
const SETTLE_MS = 400

export interface BannerPreviewState {
  src: string
  /** The default image is shown: no URL, not an allowed address, or it failed to load. */
  isDefault: boolean
  /** Even the default failed to load. */
  broken: boolean
  onError: () => void
}

/** What the public hero would show for `url`, settling while the admin types. */
export function useBannerPreview(url: string, fallback: string): BannerPreviewState {
  const trimmed = url.trim()
  const wanted = trimmed !== '' && isAllowedImageUrl(trimmed) ? trimmed : ''
  const [shown, setShown] = useState(wanted)
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set())

  useEffect(() => {
    const timer = setTimeout(() => setShown(wanted), wanted === '' ? 0 : SETTLE_MS)
    return () => clearTimeout(timer)
  }, [wanted])

  const src = shown !== '' && !failed.has(shown) ? shown : fallback
  return {
    src,
    isDefault: src === fallback,
    broken: failed.has(src),
    onError: () => setFailed((prev) => new Set(prev).add(src)),
  }
}

/** The image in the public hero's proportions (desktop 1600×520, phone 390×220), contained on white. */
export function BannerPreview({ preview, alt, phone = false }: { preview: BannerPreviewState; alt: string; phone?: boolean }) {
  return (
    <div
      className={`overflow-hidden rounded-lg border border-slate-200 bg-white ${phone ? 'aspect-[390/220] w-44 shrink-0' : 'aspect-[1600/520] w-full'}`}
    >
      {preview.broken ? (
        <div className="flex h-full items-center justify-center text-slate-400">
          <ImageOff aria-hidden="true" className="size-8" />
        </div>
      ) : (
        <img
          key={preview.src}
          src={preview.src}
          alt={alt}
          decoding="async"
          className="h-full w-full object-contain"
          data-testid={phone ? 'banner-preview-mobile' : 'banner-preview'}
          onError={preview.onError}
        />
      )}
    </div>
  )
}
