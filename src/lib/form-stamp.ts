import { createIsomorphicFn } from '@tanstack/react-start'
import { NONCE_PLACEHOLDER, nonceStorage } from './csp-nonce.server'
import { STAMP_PLACEHOLDER, issueFormStamp } from './form-stamp.server'

/** The hidden field that carries the stamp. */
export const FORM_STAMP_FIELD = 'stamp'

/** The contact form's time stamp for this render (form-stamp.server.ts). A page rendered to be
 * cached gets the placeholder that each of its responses replaces; any other render a stamp now. In
 * the browser the form keeps what the server sent, so hydration finds the same value. */
export const getFormStamp = createIsomorphicFn()
  .server(() => (nonceStorage.getStore() === NONCE_PLACEHOLDER ? STAMP_PLACEHOLDER : issueFormStamp()))
  .client(() => document.querySelector<HTMLInputElement>(`input[name="${FORM_STAMP_FIELD}"]`)?.value ?? '')
