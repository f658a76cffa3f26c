/**
 * The team features' server functions: validate → authorize (requireAdmin, in every one) → call
 * the backend. The acting member is always the session's, never the browser's word.
 */
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { getBackend } from '~/backend/get-backend.server'
import { requireAdmin } from '~/features/auth/require-admin'
import { AppError } from '~/lib/app-error'
import { serverEnv } from '~/lib/env.server'
import { mailLinkOrigin } from '~/lib/mail-link-origin.server'
import { validate } from '~/lib/validate'
import { m } from '~/paraglide/messages'
import { historyOf } from './lead-history.server'
import {
  AddNoteInputSchema,
  AssignOwnerInputSchema,
  LeadInputSchema,
  NoteIdInputSchema,
  PresenceInputSchema,
  SaveProfileInputSchema,
} from './leads.schemas'

/** The team by name, for 'Sorumlu', mentions and everywhere a member is shown; and who is asking. */
export const getStaffDirectory = createServerFn({ method: 'GET' })
  .middleware([requireAdmin])
  .handler(async ({ context }) => {
    const backend = await getBackend()
    return { members: await backend.leads.staff(), you: context.user.email.toLowerCase() }
  })

/** 'Üstlen' (the owner is you) and 'Sorumlu' (a member, or null for 'Atanmamış'). */
export const assignOwner = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(AssignOwnerInputSchema))
  .handler(async ({ data, context }) => {
    const backend = await getBackend()
    const result = await backend.leads.assign({
      id: data.id,
      owner: data.owner,
      actor: context.user.email,
      linkOrigin: mailLinkOrigin(getRequest(), serverEnv()),
    })
    if (!result.ok && result.reason === 'not_found') throw new AppError(404, 'not_found', m.inbox_detail_missing())
    if (!result.ok) throw new AppError(400, 'leads_not_member', m.leads_owner_not_member())
    return { changed: result.changed }
  })

export const getLeadNotes = createServerFn({ method: 'GET' })
  .middleware([requireAdmin])
  .validator(validate(LeadInputSchema))
  .handler(async ({ data }) => (await getBackend()).leads.notes(data.id))

/** 'Notu Ekle': an internal note; each colleague it mentions gets it by mail. */
export const addLeadNote = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(AddNoteInputSchema))
  .handler(async ({ data, context }) => {
    const backend = await getBackend()
    const note = await backend.leads.addNote({
      messageId: data.messageId,
      actor: context.user.email,
      body: data.body,
      linkOrigin: mailLinkOrigin(getRequest(), serverEnv()),
    })
    if (!note) throw new AppError(404, 'not_found', m.inbox_detail_missing())
    return note
  })

/** The author's own note, within its first minutes. */
export const deleteLeadNote = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(NoteIdInputSchema))
  .handler(async ({ data, context }) => {
    const backend = await getBackend()
    if (!(await backend.leads.deleteNote({ id: data.id, actor: context.user.email })))
      throw new AppError(409, 'leads_note_not_deletable', m.leads_note_not_deletable())
    return { deleted: true }
  })

/** 'Geçmiş': the lead's history, oldest first. */
export const getLeadHistory = createServerFn({ method: 'GET' })
  .middleware([requireAdmin])
  .validator(validate(LeadInputSchema))
  .handler(async ({ data }) => historyOf(await getBackend(), data.id))

/** 'Hesabım': your name and signature. */
export const getMyProfile = createServerFn({ method: 'GET' })
  .middleware([requireAdmin])
  .handler(async ({ context }) => (await getBackend()).leads.profile(context.user.email))

export const saveMyProfile = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(SaveProfileInputSchema))
  .handler(async ({ data, context }) => {
    const saved = await (await getBackend()).leads.saveProfile(context.user.email, data)
    if (!saved) throw new AppError(403, 'forbidden', m.auth_error_forbidden())
    return saved
  })

/** Tells the colleagues with the same lead open that you have it open, or are writing a reply. */
export const announcePresence = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(PresenceInputSchema))
  .handler(async ({ data, context }) => {
    await (await getBackend()).leads.announce({
      messageId: data.id,
      email: context.user.email,
      typing: data.typing,
      present: data.present,
    })
    return { ok: true }
  })
