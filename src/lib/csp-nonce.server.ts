import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes, randomFillSync } from 'node:crypto'

/** Holds the current request's CSP nonce from src/server.ts down to the renderer. */
export const nonceStorage = new AsyncLocalStorage<string>()

/** The nonce of a page to be cached, replaced per response; random per process so no content can plant it. */
export const NONCE_PLACEHOLDER = `cspnonce${randomBytes(12).toString('hex')}`

/** Random bytes drawn 4 KB at a time: a nonce then costs a slice, not a call into the CSPRNG. */
const pool = Buffer.alloc(4096)
let poolOffset = pool.length

/** A fresh nonce for one response: 128 random bits in base64 (24 characters), never reused. */
export function newNonce(): string {
  if (poolOffset + 16 > pool.length) {
    randomFillSync(pool)
    poolOffset = 0
  }
  const nonce = pool.toString('base64', poolOffset, poolOffset + 16)
  poolOffset += 16
  return nonce
}
