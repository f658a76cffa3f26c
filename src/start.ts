import { createCsrfMiddleware, createServerOnlyFn, createStart } from '@tanstack/react-start'
import { appErrorSerializer } from './lib/app-error'
import { serverEnv } from './lib/env.server'
import { requestOrigin } from './lib/forwarded.server'
import { errorMiddleware, undecodableCallMiddleware } from './lib/error-middleware'

/**
 * A custom start instance replaces Start's defaults, so CSRF protection is listed here
 * explicitly: server functions and every non-GET request must come from this origin. A browser
 * that sends Sec-Fetch-Site must say same-origin; one that sends only Origin (or Referer) must
 * name the site's public origin: SITE_URL, or the Host with the scheme a trusted proxy reports.
 * Start's own comparison, with the URL the server sees, is http:// behind a TLS proxy
 * (docs/decisions/080-client-address-and-origin.md).
 */
const publicOrigin = createServerOnlyFn((request: Request) => requestOrigin(request, serverEnv()))

const csrf = createCsrfMiddleware({
  filter: (ctx) => ctx.handlerType === 'serverFn' || !['GET', 'HEAD', 'OPTIONS'].includes(ctx.request.method),
  origin: (origin, ctx) => origin === publicOrigin(ctx.request),
})

export const startInstance = createStart(() => ({
  requestMiddleware: [csrf, undecodableCallMiddleware],
  functionMiddleware: [errorMiddleware],
  // Thrown AppErrors reach the browser with their status and code (and nothing more).
  serializationAdapters: [appErrorSerializer],
}))
