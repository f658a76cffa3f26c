import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { BannerKey } from '~/backend/domain'
import { toast } from '~/components/ui/toaster'
import { m } from '~/paraglide/messages'
import { uploadBannerImage } from './upload-banner-image'

/** Every banner upload carries this key, so the dialog can tell when one is still running. */
export const bannerUploadMutationKey = ['banners', 'upload'] as const

/**
 * Uploads one banner's image with progress, then hands the stored URL to `onUploaded`.
 * An upload still running when the dialog closes is cancelled.
 */
export function useBannerImageUpload(key: BannerKey, onUploaded: (url: string) => void) {
  const [progress, setProgress] = useState(0)
  const controller = useRef<AbortController | null>(null)
  useEffect(() => () => controller.current?.abort(), [])

  const mutation = useMutation({
    mutationKey: [...bannerUploadMutationKey, key],
    mutationFn: (file: File) => {
      controller.current = new AbortController()
      setProgress(0)
      return uploadBannerImage({ key, file, onProgress: setProgress, signal: controller.current.signal })
    },
    onSuccess: (url) => {
      onUploaded(url)
      toast.success({ title: m.banner_toast_upload_success(), description: m.banner_toast_upload_success_hint() })
    },
    onError: (error) => {
      if (error instanceof DOMException && error.name === 'AbortError') return
      toast.error({ title: m.banner_toast_upload_error(), description: error.message })
    },
  })

  return { upload: mutation.mutate, uploading: mutation.isPending, progress }
}
