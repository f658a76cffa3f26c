import { createMiddleware } from '@tanstack/react-start'
import { AppError } from './app-error'
import { m } from '~/paraglide/messages'

/**
 * Global server-function middleware: whatever a handler throws leaves as an AppError.
 * Validation failures become 400 with a localized message; unexpected errors are logged
 * on the server and become a 500 that carries no stack trace or internal detail.
 */
export const errorMiddleware = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    throw toAppError(error)
  }
})

export function toAppError(error: unknown): unknown {
  if (error instanceof AppError) return error
  // Redirects and not-found signals thrown by router helpers pass through untouched.
  if (error instanceof Response) return error
  if (error && typeof error === 'object' && ('isNotFound' in error || 'isRedirect' in error)) return error
  if (error && typeof error === 'object' && (error as { name?: string }).name === 'ValiError') {
    return new AppError(400, 'bad_request', m.error_bad_request())
  }
  console.error('[server function]', error)
  return new AppError(500, 'internal', m.error_internal())
}
