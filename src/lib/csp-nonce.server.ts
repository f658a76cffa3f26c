import { AsyncLocalStorage } from 'node:async_hooks'

/** Holds the current request's CSP nonce from src/server.ts down to the renderer. */
export const nonceStorage = new AsyncLocalStorage<string>()
