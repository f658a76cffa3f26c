import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { paraglideMiddleware } from './paraglide/server.js'
import { withSecurity } from './lib/security-headers.server'

export default createServerEntry({
  fetch(request, opts) {
    return withSecurity(request, (req) => paraglideMiddleware(req, () => handler.fetch(req, opts)))
  },
})
