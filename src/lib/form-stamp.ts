import { createIsomorphicFn } from '@tanstack/react-start'
import { NONCE_PLACEHOLDER, nonceStorage } from './csp-nonce.server'
import { STAMP_PLACEHOLDER, issueFormStamp } from './form-stamp.server'

/** The hidden field that carries the stamp. */
export const FORM_STAMP_FIELD = 'stamp'

/** The form's time stamp for this render: a placeholder in pages to be cached, else a fresh one; hydration keeps it. */
export const getFormStamp = createIsomorphicFn()
  .server(() => (nonceStorage.getStore() === NONCE_PLACEHOLDER ? STAMP_PLACEHOLDER : issueFormStamp()))
  .client(() => document.querySelector<HTMLInputElement>(`input[name="${FORM_STAMP_FIELD}"]`)?.value ?? '')
