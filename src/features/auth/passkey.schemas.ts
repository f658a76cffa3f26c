/** The browser's WebAuthn answers as @simplewebauthn/browser sends them, checked before any
 * parsing: bounded base64url strings only (the library then verifies every byte). */
import * as v from 'valibot'
import { EmailSchema } from './auth.schemas'

const base64url = (max: number) => v.pipe(v.string(), v.maxLength(max), v.regex(/^[A-Za-z0-9_-]*={0,2}$/))
const credentialId = v.pipe(base64url(1400), v.minLength(16))
const transports = v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(32))), v.maxLength(8)))
const extensions = v.optional(v.record(v.string(), v.unknown()), {})

export const RegistrationResponseSchema = v.object({
  id: credentialId,
  rawId: credentialId,
  type: v.literal('public-key'),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
  clientExtensionResults: extensions,
  response: v.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16384),
    authenticatorData: v.optional(base64url(16384)),
    transports,
    publicKeyAlgorithm: v.optional(v.number()),
    publicKey: v.optional(base64url(4096)),
  }),
})

export const AuthenticationResponseSchema = v.object({
  id: credentialId,
  rawId: credentialId,
  type: v.literal('public-key'),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
  clientExtensionResults: extensions,
  response: v.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(16384),
    signature: base64url(2048),
    userHandle: v.optional(base64url(256)),
  }),
})

export const PasskeyIdSchema = v.object({ id: credentialId })
export const PasskeyResetSchema = v.object({ email: EmailSchema })
