/**
 * Data errors. The stores throw, like the embedded adapter's: a failed query is a server
 * fault, never a result the app should branch on, so callers get one error type that names
 * the operation and keeps PostgREST's code and details for the log.
 */
type ErrorLike = { message: string; code?: string; details?: string | null }

export class SupabaseDataError extends Error {
  override name = 'SupabaseDataError'
  readonly code: string
  readonly details: string

  constructor(operation: string, error: ErrorLike) {
    super(`Supabase: ${operation} failed: ${error.message}`, { cause: error })
    this.code = error.code ?? ''
    this.details = error.details ?? ''
  }
}

/** Any supabase-js response; typed by its own `data` so success/failure unions resolve. */
interface Result {
  data: unknown
  error: ErrorLike | null
}

/** The data of a query that must return some; throws on an error or a missing result. */
export function unwrap<R extends Result>(operation: string, result: R): NonNullable<R['data']> {
  if (result.error) throw new SupabaseDataError(operation, result.error)
  if (result.data === null || result.data === undefined) {
    throw new SupabaseDataError(operation, { message: 'no data returned' })
  }
  return result.data as NonNullable<R['data']>
}

/** The data of a query that may find nothing (maybeSingle); throws only on an error. */
export function unwrapMaybe<R extends Result>(operation: string, result: R): R['data'] | null {
  if (result.error) throw new SupabaseDataError(operation, result.error)
  return result.data
}

/** The exact count of a query made with { count: 'exact' }; throws on an error. */
export function unwrapCount(operation: string, result: Result & { count: number | null }): number {
  if (result.error) throw new SupabaseDataError(operation, result.error)
  if (result.count === null) throw new SupabaseDataError(operation, { message: 'no count returned' })
  return result.count
}
