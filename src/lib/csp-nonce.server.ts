import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'

/** Holds the current request's CSP nonce from src/server.ts down to the renderer. */
export const nonceStorage = new AsyncLocalStorage<string>()

/**
 * The nonce a page to be cached is rendered with (page-cache.server.ts), replaced per response.
 * Random per process, so nobody can plant it in content to have it replaced.
 */
export const NONCE_PLACEHOLDER = `cspnonce${randomBytes(12).toString('hex')}`

/** A fresh nonce for one response: 128 random bits in base64 (24 characters). */
export function newNonce(): string {
  return randomBytes(16).toString('base64')
}
