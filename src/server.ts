import handler from '@tanstack/react-start/server-entry'
import { paraglideMiddleware } from './paraglide/server.js'
import { withSecurity } from './lib/security-headers.server'

export default {
  fetch(request: Request): Promise<Response> {
    return withSecurity(request, (req) => paraglideMiddleware(req, () => handler.fetch(req)))
  },
}
