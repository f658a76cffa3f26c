import { createFileRoute } from '@tanstack/react-router'
import { handleBannerUpload } from '~/features/banners/upload-banner-image.server'

// Admin only (checked in the handler); CSRF is checked for every POST in src/start.ts.
export const Route = createFileRoute('/api/banner-upload')({
  server: {
    handlers: {
      POST: ({ request }) => handleBannerUpload(request),
    },
  },
})
