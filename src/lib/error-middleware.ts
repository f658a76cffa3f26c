import { createMiddleware, createServerOnlyFn } from '@tanstack/react-start'
import { getRequest, setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import { AppError } from './app-error'
import { m } from '~/paraglide/messages'
import { log } from './log.server'

/** Whatever a server function throws leaves as an AppError; unexpected ones are logged and become a bare 500. */
export const errorMiddleware = createMiddleware({ type: 'function' }).server(async ({ next, context, data }) => {
  const call = (context as { serverFnCall?: ServerFnCall } | undefined)?.serverFnCall
  if (call) call.reached = true
  try {
    refuseNonJsonInput(data)
    return await next()
  } catch (error) {
    const appError = toAppError(error)
    if (appError instanceof AppError && isServerFnRequest()) {
      setResponseStatus(appError.status)
      if (appError.retryAfterSeconds !== undefined) setResponseHeader('retry-after', String(appError.retryAfterSeconds))
    }
    throw appError
  }
})

/** Refuses inputs JSON cannot hold (BigInts, cycles; seroval carries them) before any validator. */
function refuseNonJsonInput(data: unknown): void {
  try {
    JSON.stringify(data)
  } catch {
    throw new AppError(400, 'bad_request', m.error_bad_request())
  }
}

interface ServerFnCall {
  reached: boolean
}

/** Call-decoding failures happen before function middleware; Start would answer them 500 with the parser's message. */
export const undecodableCallMiddleware = createMiddleware({ type: 'request' }).server(async ({ next, handlerType }) => {
  if (handlerType !== 'serverFn') return next()
  const call: ServerFnCall = { reached: false }
  const undecodable = () => new AppError(400, 'bad_request', m.error_bad_request())
  let result: Awaited<ReturnType<typeof next>>
  try {
    result = await next({ context: { serverFnCall: call } })
  } catch (error) {
    // An unknown function id is thrown rather than answered.
    throw call.reached || error instanceof Response ? error : undecodable()
  }
  if (call.reached || result.response.status < 500) return result
  await result.response.body?.cancel().catch(() => {})
  throw undecodable()
})

/** A browser's call (not one made while rendering a page, whose status is the page's own). */
function isServerFnRequest(): boolean {
  return new URL(getRequest().url).pathname.startsWith('/_serverFn/')
}

/** This module is also in the client's bundle (src/start.ts): the logger stays on the server. */
const logFailure = createServerOnlyFn((error: unknown) => log().error({ err: error }, 'server function failed'))

export function toAppError(error: unknown): unknown {
  if (error instanceof AppError) return error
  // Redirects and not-found signals thrown by router helpers pass through untouched.
  if (error instanceof Response) return error
  if (error && typeof error === 'object' && ('isNotFound' in error || 'isRedirect' in error)) return error
  logFailure(error)
  return new AppError(500, 'internal', m.error_internal())
}
