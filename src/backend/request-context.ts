/** The request as the auth adapters see it: its cookies (the session lives there) and the visitor's address. */
export interface CookieOptions {
  httpOnly?: boolean
  secure?: boolean
  sameSite?: 'lax' | 'strict' | 'none'
  path?: string
  maxAge?: number
  expires?: Date
  domain?: string
}

/** The request's cookies, read and written by the auth adapters (the session lives here). */
export interface CookieJar {
  getAll(): { name: string; value: string }[]
  set(name: string, value: string, options: CookieOptions): void
}

export interface RequestContext {
  cookies: CookieJar
  /** The visitor's address as the app's own limits see it (decision 080), for auth servers that limit per address. */
  clientAddress?: string
  /**
   * The random id the browser asking for or typing a sign-in code keeps in an HttpOnly cookie
   * (decision 231): the built-in sign-in binds each code to it.
   */
  codeBrowser?: string
  /** Whether the request is the person's own action (a page opened, a click or key pressed), which
   * keeps the session from going idle; false for live streams and background refreshes. Absent: true. */
  activity?: boolean
  /** The browser's user agent, kept with a session started by this request. */
  userAgent?: string
}

export type AuthErrorCode =
  | 'user_not_found'
  | 'rate_limited'
  | 'invalid_code'
  | 'code_expired'
  | 'too_many_attempts'
  | 'unavailable'

export interface AuthFailure {
  ok: false
  code: AuthErrorCode
  /** The auth server's own words, for the log; the UI never reads them. */
  message: string
  /** With `rate_limited`: how long to wait, when the backend knows. */
  retryAfterSeconds?: number
}

export type AuthResult<T = object> = ({ ok: true } & T) | AuthFailure
