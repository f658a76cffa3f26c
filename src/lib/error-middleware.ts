import { createMiddleware, createServerOnlyFn } from '@tanstack/react-start'
import { getRequest, setResponseStatus } from '@tanstack/react-start/server'
import * as v from 'valibot'
import { AppError } from './app-error'
import { m } from '~/paraglide/messages'
import { log } from './log.server'

/**
 * Global server-function middleware: whatever a handler throws leaves as an AppError.
 * Validation failures become 400 with a localized message; unexpected errors are logged
 * on the server and become a 500 that carries no stack trace or internal detail.
 * The response carries the error's status (Start would otherwise answer 200 with the error
 * in the body), so a call without a session is a real HTTP 401, a non-admin's a 403.
 */
export const errorMiddleware = createMiddleware({ type: 'function' }).server(async ({ next, context, data }) => {
  const call = (context as { serverFnCall?: ServerFnCall } | undefined)?.serverFnCall
  if (call) call.reached = true
  try {
    refuseNonJsonInput(data)
    return await next()
  } catch (error) {
    const appError = toAppError(error)
    if (appError instanceof AppError && isServerFnRequest()) setResponseStatus(appError.status)
    throw appError
  }
})

/**
 * The wire format (seroval) can carry BigInts and cycles, which no input here accepts and JSON
 * cannot hold. Start reports a Standard Schema's issues as JSON text, so such an input made the
 * report itself throw and a client's mistake a 500: refuse it as invalid input before validation.
 */
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

/**
 * Start decodes a call (JSON, seroval, form data) and looks its function up by id before any
 * function middleware runs, so errorMiddleware never sees those failures: Start would answer
 * them 500 with the parser's own message. A call that failed before reaching its function is the
 * request's fault, so it leaves as the same localized 400 as any invalid input. Failures after
 * the function ran (a result that cannot be serialized) stay 500: those are ours.
 */
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
  if (error && typeof error === 'object' && (error as { name?: string }).name === 'ValiError') {
    return new AppError(400, 'bad_request', m.error_bad_request(), fieldMessages(error as v.ValiError<v.GenericSchema>))
  }
  const issues = standardSchemaIssues(error)
  if (issues) return new AppError(400, 'bad_request', m.error_bad_request(), issueFields(issues))
  logFailure(error)
  return new AppError(500, 'internal', m.error_internal())
}

/** The first message per top-level field, for forms to show beside their inputs. */
function fieldMessages(error: v.ValiError<v.GenericSchema>): Record<string, string> | undefined {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = v.getDotPath(issue)?.split('.')[0]
    if (key && !(key in fields)) fields[key] = issue.message
  }
  return Object.keys(fields).length > 0 ? fields : undefined
}

interface SchemaIssue {
  message: string
  path?: ({ key: PropertyKey } | PropertyKey)[]
}

/**
 * `.validator(schema)` with a Standard Schema (valibot's own objects) makes Start throw a plain
 * Error whose message is the JSON of the issues: a client mistake (400), not a server fault.
 */
function standardSchemaIssues(error: unknown): SchemaIssue[] | null {
  if (!(error instanceof Error) || !error.message.startsWith('[')) return null
  try {
    const issues: unknown = JSON.parse(error.message)
    const valid =
      Array.isArray(issues) &&
      issues.length > 0 &&
      issues.every((i) => i && typeof i === 'object' && typeof (i as SchemaIssue).message === 'string')
    return valid ? (issues as SchemaIssue[]) : null
  } catch {
    return null
  }
}

function issueFields(issues: SchemaIssue[]): Record<string, string> | undefined {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const first = issue.path?.[0]
    const key = first && typeof first === 'object' ? first.key : first
    if (key !== undefined && !(String(key) in fields)) fields[String(key)] = issue.message
  }
  return Object.keys(fields).length > 0 ? fields : undefined
}
