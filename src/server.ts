import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { getBackend } from './backend/index.server'
import { limitRequestBody } from './lib/body-limit.server'
import { compressResponse } from './lib/compress.server'
import { nonceStorage } from './lib/csp-nonce.server'
import { serverEnv } from './lib/env.server'
import { requestOrigin } from './lib/forwarded.server'
import { rememberPageLocale } from './lib/locale-cookie.server'
import { createPageCache } from './lib/page-cache.server'
import { withSecurity } from './lib/security-headers.server'
import { paraglideMiddleware } from './paraglide/server.js'

// Keyed on the origin the page names, so one sender's Host never reaches another visitor.
const pageCache = createPageCache({ originOf: (request) => requestOrigin(request, serverEnv()) })
let watchingBanners = false

/** The landing pages show the banners: a banner change empties the page cache. */
function watchBanners() {
  if (watchingBanners) return
  watchingBanners = true
  getBackend()
    .then((backend) => backend.banners.subscribe(() => pageCache.clear()))
    .catch((error) => {
      watchingBanners = false
      console.error('[page cache] cannot watch banner changes', error)
    })
}

export default createServerEntry({
  fetch(request, opts) {
    watchBanners()
    return withSecurity(request, (nonce) =>
      limitRequestBody(request, async (limited) =>
        rememberPageLocale(
          limited,
          compressResponse(
            limited,
            await pageCache.handle(limited, nonce, (renderNonce) =>
              nonceStorage.run(renderNonce, () => paraglideMiddleware(limited, () => handler.fetch(limited, opts))),
            ),
          ),
        ),
      ),
    )
  },
})
