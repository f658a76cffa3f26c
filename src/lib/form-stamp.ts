import { createIsomorphicFn } from '@tanstack/react-start'
import { NONCE_PLACEHOLDER, nonceStorage } from './csp-nonce.server'
import { STAMP_PLACEHOLDER, issueFormStamp } from './form-stamp.server'

/** The hidden field that carries the stamp. */
export const FORM_STAMP_FIELD = 'stamp'

/** The contact form's time stamp for this render: a placeholder in a page to be cached, else a stamp
 * now; the browser keeps what the server sent, so hydration matches. */
export const getFormStamp = createIsomorphicFn()
  .server(() => (nonceStorage.getStore() === NONCE_PLACEHOLDER ? STAMP_PLACEHOLDER : issueFormStamp()))
  .client(() => document.querySelector<HTMLInputElement>(`input[name="${FORM_STAMP_FIELD}"]`)?.value ?? '')
