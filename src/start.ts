import { createCsrfMiddleware, createServerOnlyFn, createStart } from '@tanstack/react-start'
import { appErrorSerializer } from './lib/app-error'
import { serverEnv } from './lib/env.server'
import { requestOrigin } from './lib/forwarded.server'
import { errorMiddleware, undecodableCallMiddleware } from './lib/error-middleware'
import { backgroundCallMiddleware } from './lib/background-calls'

/** A custom start instance replaces Start's defaults, so CSRF protection is listed here explicitly:
 * server functions and every non-GET request must come from this origin (decision 080). */
const publicOrigin = createServerOnlyFn((request: Request) => requestOrigin(request, serverEnv()))

const csrf = createCsrfMiddleware({
  filter: (ctx) => ctx.handlerType === 'serverFn' || !['GET', 'HEAD', 'OPTIONS'].includes(ctx.request.method),
  origin: (origin, ctx) => origin === publicOrigin(ctx.request),
})

export const startInstance = createStart(() => ({
  requestMiddleware: [csrf, undecodableCallMiddleware],
  functionMiddleware: [errorMiddleware, backgroundCallMiddleware],
  // Thrown AppErrors reach the browser with their status and code (and nothing more).
  serializationAdapters: [appErrorSerializer],
}))
