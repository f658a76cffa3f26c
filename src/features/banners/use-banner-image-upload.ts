import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { BannerKey } from '~/domain/banners'
import { toast } from '~/components/ui/toaster'
import { m } from '~/paraglide/messages'
import type { BannerImageKind } from './banners.schemas'
import { type UploadedBannerImage, uploadBannerImage } from './upload-banner-image'

/** Every banner upload carries this key, so the dialog can tell when one is still running. */
export const bannerUploadMutationKey = ['banners', 'upload'] as const

/** Uploads one of a banner's images with progress; one still running when the dialog closes is cancelled. */
export function useBannerImageUpload(
  key: BannerKey,
  image: BannerImageKind,
  onUploaded: (uploaded: UploadedBannerImage) => void,
) {
  const [progress, setProgress] = useState(0)
  const controller = useRef<AbortController | null>(null)
  useEffect(() => () => controller.current?.abort(), [])

  const mutation = useMutation({
    mutationKey: [...bannerUploadMutationKey, key, image],
    mutationFn: (file: File) => {
      controller.current = new AbortController()
      setProgress(0)
      return uploadBannerImage({ key, image, file, onProgress: setProgress, signal: controller.current.signal })
    },
    onSuccess: (uploaded) => {
      onUploaded(uploaded)
      toast.success({ title: m.banner_toast_upload_success(), description: m.banner_toast_upload_success_hint() })
    },
    onError: (error) => {
      if (error instanceof DOMException && error.name === 'AbortError') return
      toast.error({ title: m.banner_toast_upload_error(), description: error.message })
    },
  })

  return { upload: mutation.mutate, uploading: mutation.isPending, progress }
}
