import { definePlugin } from 'nitro'
import { keptPageBeforeRouter } from '../lib/kept-page.server'

/** A kept landing page is answered before Nitro's router, its hooks and Start's handler, none of
 * which it needs (decisions 145, 262); anything else goes on as before. */
export default definePlugin((nitroApp) => {
  const next = nitroApp.fetch
  nitroApp.fetch = (request) => keptPageBeforeRouter(request) ?? next(request)
})
