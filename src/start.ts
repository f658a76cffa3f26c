import { createCsrfMiddleware, createStart } from '@tanstack/react-start'
import { appErrorSerializer } from './lib/app-error'
import { errorMiddleware, undecodableCallMiddleware } from './lib/error-middleware'

/**
 * A custom start instance replaces Start's defaults, so CSRF protection is listed here
 * explicitly: server functions and every non-GET request must come from this origin.
 */
const csrf = createCsrfMiddleware({
  filter: (ctx) => ctx.handlerType === 'serverFn' || !['GET', 'HEAD', 'OPTIONS'].includes(ctx.request.method),
})

export const startInstance = createStart(() => ({
  requestMiddleware: [csrf, undecodableCallMiddleware],
  functionMiddleware: [errorMiddleware],
  // Thrown AppErrors reach the browser with their status and code (and nothing more).
  serializationAdapters: [appErrorSerializer],
}))
