/** The only error a server function lets reach the browser: a status, a stable code and a message
 * in the caller's language. */
import { createSerializationAdapter } from '@tanstack/react-router'

export const APP_ERROR_CODES = [
  'bad_request',
  'unauthenticated',
  'forbidden',
  'not_found',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'internal',
] as const
export type AppErrorCode =
  | (typeof APP_ERROR_CODES)[number]
  | `auth_${string}`
  | `team_${string}`
  | `privacy_${string}`
  | `reply_${string}`
  | `leads_${string}`

export class AppError extends Error {
  override name = 'AppError'
  constructor(
    readonly status: number,
    readonly code: AppErrorCode,
    message: string,
    /** Field-level messages for forms, keyed by field name. */
    readonly fields?: Record<string, string>,
    /** With `rate_limited`: seconds until a retry can succeed (also sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    // The stack is for server logs; it is never sent to the browser.
    this.stack = undefined
  }
}

/** The one 429, with the seconds until a retry can succeed when known. */
export function rateLimitedError(message: string, retryAfterSeconds?: number): AppError {
  return new AppError(429, 'rate_limited', message, undefined, retryAfterSeconds)
}

interface SerializedAppError {
  status: number
  code: string
  message: string
  fields: Record<string, string> | null
  retryAfterSeconds: number | null
}

/** Start sends a thrown Error as its message alone; an AppError crosses whole, so the browser can branch on `code`. */
export const appErrorSerializer = createSerializationAdapter({
  key: 'app-error',
  test: (value): value is AppError => value instanceof AppError,
  toSerializable: (error): SerializedAppError => ({
    status: error.status,
    code: error.code,
    message: error.message,
    fields: error.fields ?? null,
    retryAfterSeconds: error.retryAfterSeconds ?? null,
  }),
  fromSerializable: (value: SerializedAppError) =>
    new AppError(
      value.status,
      value.code as AppErrorCode,
      value.message,
      value.fields ?? undefined,
      value.retryAfterSeconds ?? undefined,
    ),
})

/** Reads code and message from whatever a server function call rejected with. */
export function describeError(error: unknown): {
  code: string
  message: string
  status?: number
  fields?: Record<string, string>
  retryAfterSeconds?: number
} {
  if (error && typeof error === 'object') {
    const e = error as { code?: unknown; message?: unknown; status?: unknown; fields?: unknown; retryAfterSeconds?: unknown }
    return {
      code: typeof e.code === 'string' ? e.code : 'internal',
      message: typeof e.message === 'string' ? e.message : '',
      status: typeof e.status === 'number' ? e.status : undefined,
      fields: e.fields && typeof e.fields === 'object' ? (e.fields as Record<string, string>) : undefined,
      retryAfterSeconds: typeof e.retryAfterSeconds === 'number' ? e.retryAfterSeconds : undefined,
    }
  }
  return { code: 'internal', message: '' }
}
