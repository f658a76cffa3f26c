/**
 * The code browser (decision 231): a random id in an HttpOnly cookie, set when a browser asks for
 * a sign-in code. The built-in sign-in binds the code to it, and wrong codes count against it
 * rather than the address, so a stranger elsewhere can neither cancel nor block one's code.
 */
import { randomBytes } from 'node:crypto'
import { getCookie, setCookie } from '@tanstack/react-start/server'
import { CODE_BROWSER_COOKIE, codeBrowserCookieName } from '~/lib/cookies'
import { serverEnv } from '~/lib/env.server'

const ID = /^[A-Za-z0-9_-]{43}$/

/** This browser's id, or null when it has none (or a malformed one). */
export function readCodeBrowser(): string | null {
  const value = getCookie(codeBrowserCookieName(serverEnv().secureCookies))
  return value && ID.test(value) ? value : null
}

/** This browser's id, a new one when it has none; its cookie lives as long as a code. */
export function ensureCodeBrowser(): string {
  const secure = serverEnv().secureCookies
  const id = readCodeBrowser() ?? randomBytes(32).toString('base64url')
  setCookie(codeBrowserCookieName(secure), id, {
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: '/',
    maxAge: CODE_BROWSER_COOKIE.maxAgeSeconds,
  })
  return id
}
