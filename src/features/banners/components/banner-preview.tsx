import { ImageOff } from 'lucide-react'
import { useEffect, useState } from 'react'
import { m } from '~/paraglide/messages'
import { isAllowedImageUrl } from '../banners.schemas'

/** Typing in the URL field should not fire a request per keystroke. */
const SETTLE_MS = 400

/**
 * What the public hero will show: the given URL, or the default image when there is none,
 * it is not an allowed address, or it fails to load. Contained on white, like the hero.
 */
export function BannerPreview({ url, fallback, alt }: { url: string; fallback: string; alt: string }) {
  const wanted = url.trim() !== '' && isAllowedImageUrl(url.trim()) ? url.trim() : ''
  const [shown, setShown] = useState(wanted)
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set())

  useEffect(() => {
    const timer = setTimeout(() => setShown(wanted), wanted === '' ? 0 : SETTLE_MS)
    return () => clearTimeout(timer)
  }, [wanted])

  const src = shown !== '' && !failed.has(shown) ? shown : fallback
  const isDefault = src === fallback
  const broken = failed.has(src)

  return (
    <figure className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      <div className="relative aspect-[3/1] w-full bg-white">
        {broken ? (
          <div className="flex h-full items-center justify-center text-slate-400">
            <ImageOff aria-hidden="true" className="size-8" />
          </div>
        ) : (
          <img
            key={src}
            src={src}
            alt={alt}
            decoding="async"
            className="h-full w-full object-contain"
            data-testid="banner-preview"
            onError={() => setFailed((prev) => new Set(prev).add(src))}
          />
        )}
      </div>
      {isDefault ? (
        <figcaption className="border-t border-slate-100 bg-slate-50 px-3 py-1.5 text-xs text-slate-500">
          {m.banner_preview_default()}
        </figcaption>
      ) : null}
    </figure>
  )
}
