import { createFileRoute } from '@tanstack/react-router'
import { serveUpload } from '~/features/banners/serve-upload.server'

// Uploaded banner images of the embedded backend (Supabase serves its bucket itself).
export const Route = createFileRoute('/uploads/$')({
  server: {
    handlers: {
      GET: ({ params }) => serveUpload(params._splat ?? ''),
    },
  },
})
