/** Sends one banner image to the upload route with XMLHttpRequest, the one browser API that reports
 * upload progress; rejects with the server's localized reason. */
import { toBannerImageVariants } from '~/backend/banner-images'
import type { BannerImageVariants, BannerKey } from '~/domain/banners'
import { m } from '~/paraglide/messages'
import type { BannerImageKind } from './banners.schemas'

export const BANNER_UPLOAD_PATH = '/api/banner-upload'

/** Industry pictures use the banners' pipeline under the key `industry-{id}`. */
export const INDUSTRY_UPLOAD_PREFIX = 'industry-'
export const INDUSTRY_UPLOAD_KEY = /^industry-[a-z0-9][a-z0-9-]{0,39}$/
export type UploadKey = BannerKey | `industry-${string}`

export interface UploadedBannerImage {
  url: string
  variants: BannerImageVariants | null
}

export interface UploadBannerImageInput {
  key: UploadKey
  /** The banner's image (the default) or its mobile image. */
  image?: BannerImageKind
  file: File
  /** 0…1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
}

export function uploadBannerImage({
  key,
  image = 'main',
  file,
  onProgress,
  signal,
}: UploadBannerImageInput): Promise<UploadedBannerImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    const body = new FormData()
    body.set('key', key)
    body.set('image', image)
    body.set('file', file)
    xhr.open('POST', BANNER_UPLOAD_PATH)
    xhr.responseType = 'json'
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    }
    xhr.onload = () => {
      const response = (xhr.response ?? {}) as { url?: unknown; variants?: unknown; message?: unknown }
      if (xhr.status >= 200 && xhr.status < 300 && typeof response.url === 'string') {
        onProgress?.(1)
        resolve({ url: response.url, variants: toBannerImageVariants(response.variants) ?? null })
        return
      }
      const message = typeof response.message === 'string' && response.message ? response.message : m.error_internal()
      reject(new Error(message))
    }
    xhr.onerror = () => reject(new Error(m.banner_upload_error_network()))
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(body)
  })
}
