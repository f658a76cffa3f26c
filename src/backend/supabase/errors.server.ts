/**
 * Data errors. The stores throw, like the embedded adapter's: a failed query is a server
 * fault, never a result the app should branch on, so callers get one error type that names
 * the operation and keeps PostgREST's code and details for the log.
 */
export class SupabaseDataError extends Error {
  override name = 'SupabaseDataError'
  readonly code: string
  readonly details: string

  constructor(operation: string, error: { message: string; code?: string; details?: string | null }) {
    super(`Supabase: ${operation} failed: ${error.message}`, { cause: error })
    this.code = error.code ?? ''
    this.details = error.details ?? ''
  }
}

interface Result<T> {
  data: T | null
  error: { message: string; code?: string; details?: string | null } | null
}

/** The data of a query that must return some; throws on an error or a missing result. */
export function unwrap<T>(operation: string, result: Result<T>): T {
  if (result.error) throw new SupabaseDataError(operation, result.error)
  if (result.data === null) throw new SupabaseDataError(operation, { message: 'no data returned' })
  return result.data
}

/** The data of a query that may find nothing (maybeSingle); throws only on an error. */
export function unwrapMaybe<T>(operation: string, result: Result<T>): T | null {
  if (result.error) throw new SupabaseDataError(operation, result.error)
  return result.data
}

/** The exact count of a query made with { count: 'exact' }; throws on an error. */
export function unwrapCount(operation: string, result: Result<unknown> & { count: number | null }): number {
  if (result.error) throw new SupabaseDataError(operation, result.error)
  if (result.count === null) throw new SupabaseDataError(operation, { message: 'no count returned' })
  return result.count
}
