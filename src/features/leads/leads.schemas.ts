/**
 * The team features' inputs (strict: anything else is a 400). Runs anywhere; no server code.
 */
import * as v from 'valibot'
import { LIMITS } from '~/lib/limits'

const UuidSchema = v.pipe(v.string(), v.uuid())
const EmailSchema = v.pipe(v.string(), v.trim(), v.maxLength(254), v.email(), v.toLowerCase())

/** 'Sorumlu': a team member's address, or null for 'Atanmamış'. */
export const AssignOwnerInputSchema = v.object({ id: UuidSchema, owner: v.nullable(EmailSchema) })
export type AssignOwnerInput = v.InferInput<typeof AssignOwnerInputSchema>

export const LeadInputSchema = v.object({ id: UuidSchema })
export type LeadInput = v.InferInput<typeof LeadInputSchema>

export const AddNoteInputSchema = v.object({
  messageId: UuidSchema,
  body: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(LIMITS.leads.noteMax)),
})
export type AddNoteInput = v.InferInput<typeof AddNoteInputSchema>

export const NoteIdInputSchema = v.object({ id: UuidSchema })
export type NoteIdInput = v.InferInput<typeof NoteIdInputSchema>

function withoutControls(text: string): string {
  let clean = ''
  for (const char of text) {
    const code = char.charCodeAt(0)
    if ((code < 0x20 && char !== '\n' && char !== '\r' && char !== '\t') || code === 0x7f) continue
    clean += char
  }
  return clean
}

/** Blank becomes null: the address is shown then. Plain text only: controls other than line breaks go. */
const plain = (max: number) =>
  v.pipe(
    v.string(),
    v.maxLength(max * 2),
    v.transform((text) => withoutControls(text).trim()),
    v.maxLength(max),
    v.transform((text) => (text === '' ? null : text)),
  )

export const SaveProfileInputSchema = v.object({
  name: plain(LIMITS.leads.nameMax),
  signature: plain(LIMITS.leads.signatureMax),
})
export type SaveProfileInput = v.InferInput<typeof SaveProfileInputSchema>

/** 'I have this lead open' (and whether a reply is being written), every few seconds. */
export const PresenceInputSchema = v.object({ id: UuidSchema, typing: v.boolean(), present: v.boolean() })
export type PresenceInput = v.InferInput<typeof PresenceInputSchema>
