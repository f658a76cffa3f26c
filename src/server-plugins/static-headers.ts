import { definePlugin } from 'nitro'
import { applyBaselineHeaders } from '../lib/security-headers.server'

/** Nitro serves public files (fingerprinted assets, images, icons) before the app's own handler
 * runs; this gives those responses the same baseline security headers. */
export default definePlugin((nitroApp) => {
  nitroApp.hooks.hook('response', (response) => {
    if (response.headers.has('referrer-policy')) return
    try {
      applyBaselineHeaders(response.headers)
    } catch {
      // A response with immutable headers came from the app, which set them already.
    }
  })
})
