import { AsyncLocalStorage } from 'node:async_hooks'

/** What one render's loaders hand to its components without sending it to the browser
 * (src/features/landing/static-content.ts). A fresh map per request and per cached render. */
export const requestScratch = new AsyncLocalStorage<Map<string, unknown>>()
