import { createIsomorphicFn } from '@tanstack/react-start'
import { nonceStorage } from './csp-nonce.server'

/** The request's CSP nonce on the server; undefined in the browser (its scripts are already trusted). */
export const getCspNonce = createIsomorphicFn()
  .server(() => nonceStorage.getStore())
  .client(() => undefined)
