import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
// The staff routes' search schemas, which the shared route tree leaves out (staff-search.ts).
import './features/staff-shell/staff-search-schemas'
import { getBackend } from './backend/get-backend.server'
import { BANNER_UPLOAD_PATH } from './features/banners/upload-banner-image'
import { onSiteContentChange } from './features/content/site-content.server'
import { answerVisitBeacon } from './features/visits/beacon-deps.server'
import { isVisitBeacon } from './features/visits/beacon-entry.server'
import { opsEndpoints } from './features/ops/ops-endpoints.server'
import { limitBodies } from './lib/body-limit.server'
import { compression } from './lib/compress.server'
import { serverEnv } from './lib/env.server'
import { requestOrigin } from './lib/forwarded.server'
import { LIMITS } from './lib/limits'
import { log } from './lib/log.server'
import { pageLocaleCookie } from './lib/locale-cookie.server'
import { requestLog } from './lib/request-log.server'
import { type Middleware, compose } from './lib/middleware'
import { loadFormStampKey } from './lib/form-stamp.server'
import { createPageCache } from './lib/page-cache.server'
import { createKeptPageAnswer, handOverKeptPageAnswer } from './lib/kept-page.server'
import { securityHeaders } from './lib/security-headers.server'
import { m } from './paraglide/messages'
import { paraglideMiddleware } from './paraglide/server.js'

// Keyed on the origin the page names, so one sender's Host never reaches another visitor.
const pageCache = createPageCache({ originOf: (request) => requestOrigin(request, serverEnv()) })
let watchingBanners = false
/** A kept landing page's answer, before the pipeline (docs/decisions/151-request-pipeline.md). */
const keptPage = createKeptPageAnswer({ pageCache, env: serverEnv, logger: log })
handOverKeptPageAnswer(keptPage)

/** The public pages show the banners and the site content: a change of either empties the page cache. */
function watchBanners() {
  if (watchingBanners) return
  watchingBanners = true
  getBackend()
    .then((backend) => {
      backend.banners.subscribe(() => pageCache.clear())
      onSiteContentChange(() => pageCache.clear())
    })
    .catch((error) => {
      watchingBanners = false
      log().error({ err: error }, 'page cache: cannot watch banner changes')
    })
}

/** The contact form's time stamps are signed with a key the database keeps (shared by every
 * instance); pages rendered before it is loaded carry none, which the filter weighs lightly. */
function loadStampKey() {
  getBackend()
    .then((backend) => loadFormStampKey(() => backend.spam.stampKey()))
    .catch((error) => log().error({ err: error }, 'spam: cannot load the form stamp key'))
}

/** Paraglide's request-scoped locale (from the URL, else the cookie) for everything Start renders. */
const paraglideLocale: Middleware = (request, next) => paraglideMiddleware(request, () => next(request))

/** Every request the app answers goes through these steps, in this order (the first outermost); each
 * is tested alone next to its module. */
const pipeline = compose(
  // Outermost, so the line it logs times everything and every answer carries X-Request-Id; the
  // steps inside log with the request's id.
  requestLog,
  // So every answer carries the security headers: the body limit's 413s and cached
  // pages too. It draws the request's CSP nonce, which the steps inside read, and marks answers
  // that set a cookie private, so it must stay outside the locale cookie.
  securityHeaders,
  // /healthz, /readyz and /metrics: before any body, cookie or cache, never rate-limited.
  opsEndpoints,
  // Before anything can read a body. Uploads of a banner image get their own, larger limit and
  // a message naming the size allowed (docs/decisions/151-request-pipeline.md).
  limitBodies({
    maxBytes: LIMITS.http.maxBodyBytes,
    paths: {
      [BANNER_UPLOAD_PATH]: {
        maxBytes: LIMITS.http.maxUploadBodyBytes,
        message: (locale) => m.banner_upload_error_too_big({ maxMb: LIMITS.upload.maxBytes / (1024 * 1024) }, { locale }),
      },
    },
  }),
  // Outside the page cache: the cookie belongs to one visitor, the cached page to all of them.
  pageLocaleCookie,
  // Outside the page cache, which compresses the pages it keeps itself: this gzips what is
  // rendered per request and leaves the cache's encoded pages and streams (server-sent events,
  // Start's framed responses) as they are.
  compression,
  // Serves the landing pages from memory, each with the request's nonce; renders them with a
  // placeholder nonce when they are to be kept, so it must sit inside securityHeaders.
  pageCache.middleware,
  // Innermost, around Start alone: the locale holds for the render and nothing else.
  paraglideLocale,
)

export default createServerEntry({
  fetch(request, opts) {
    watchBanners()
    loadStampKey()
    // A kept page needs none of the steps below that the fast path does not take from them. The
    // production server answers it before Nitro's router (src/server-plugins/kept-page.ts).
    const kept = keptPage(request)
    if (kept) return kept
    // The production server answers beacons before Nitro's router (src/server-plugins/visit-beacon.ts);
    // the dev server may not run that plugin.
    if (isVisitBeacon(request)) return answerVisitBeacon(request)
    return pipeline(request, async (limited) => handler.fetch(limited, opts))
  },
})
