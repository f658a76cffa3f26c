/**
 * Working leads as a team on the SQL core (docs/decisions/240-leads-as-a-team.md): staff names
 * (public.staff_profiles), a lead's owner (contact_messages.owner_email), internal notes
 * (public.lead_notes). Every change writes its activity row and queues its mail in its own
 * transaction, so the history and the mail exist exactly when the change does.
 */
import type { LeadService } from '../backend'
import { MAIL_PRIORITY } from '../mail/mail-rules'
import { normalizeEmail } from '~/domain/accounts'
import { type LeadNote, type LeadPresence, type StaffMember, mentionedIn, NOTE_DELETE_MINUTES } from '~/domain/leads'
import { createParsedFeed, subscribeHeard } from './notify-feed.server'
import { recordActivity } from './activity.server'
import type { Sql, SqlDatabase } from './client'

interface NoteRow {
  id: string
  message_id: string
  author_email: string
  body: string
  mentions: string[]
  created_at: Date
}

const NOTE_COLUMNS = 'id, message_id, author_email, body, mentions, created_at'

const toNote = (row: NoteRow): LeadNote => ({
  id: row.id,
  messageId: row.message_id,
  authorEmail: row.author_email,
  body: row.body,
  mentions: row.mentions,
  createdAt: row.created_at.toISOString(),
})

async function staffOf(db: Sql): Promise<StaffMember[]> {
  const { rows } = await db.query<{ email: string; name: string | null }>(
    `select a.email, p.display_name as name
     from public.admin_emails a left join public.staff_profiles p on p.email = a.email
     order by lower(coalesce(p.display_name, a.email)), a.email`,
  )
  return rows
}

/** One mail to a colleague, in their language, about one lead. */
async function queueColleagueMail(
  tx: Sql,
  kind: 'lead_assigned' | 'lead_note',
  recipients: readonly string[],
  messageId: string,
  data: Record<string, string | null>,
  at: Date,
): Promise<void> {
  if (recipients.length === 0) return
  await tx.query(
    `insert into public.mail_queue (kind, recipient, locale, data, message_id, priority, created_at, next_attempt_at)
     select $1, r.email, coalesce(s.locale, 'tr'), $2::jsonb, $3, $4, $5, $5
     from unnest($6::text[]) as r (email) left join public.admin_notification_settings s on s.email = r.email`,
    [kind, JSON.stringify(data), messageId, MAIL_PRIORITY[kind], at, [...recipients]],
  )
}

/** Who has a lead open reaches every instance over this channel; nothing is stored. */
export const PRESENCE_CHANNEL = 'lead_presence'

export function parsePresence(payload: string): LeadPresence | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>
    const { messageId, email, typing, present } = value
    if (typeof messageId !== 'string' || typeof email !== 'string') return null
    if (typeof typing !== 'boolean' || typeof present !== 'boolean') return null
    return { messageId, email, typing, present }
  } catch {
    return null
  }
}

export function createLeadService(
  db: SqlDatabase,
  now: () => Date,
  kick: () => void = () => {},
): LeadService & { close(): Promise<void> } {
  const presence = createParsedFeed(db, { channel: PRESENCE_CHANNEL, label: 'presence', parse: parsePresence })
  return {
    close: presence.close,

    async announce(input) {
      const payload: LeadPresence = { ...input, email: normalizeEmail(input.email) }
      await db.query('select pg_notify($1, $2)', [PRESENCE_CHANNEL, JSON.stringify(payload)])
    },

    subscribePresence: (listener) => subscribeHeard(presence, listener),

    staff: () => staffOf(db),

    async profile(email) {
      const address = normalizeEmail(email)
      const { rows } = await db.query<{ name: string | null; signature: string | null }>(
        'select display_name as name, signature from public.staff_profiles where email = $1',
        [address],
      )
      return { email: address, name: rows[0]?.name ?? null, signature: rows[0]?.signature ?? null }
    },

    async saveProfile(email, profile) {
      const address = normalizeEmail(email)
      const { rows } = await db.query<{ name: string | null; signature: string | null }>(
        `insert into public.staff_profiles (email, display_name, signature, updated_at)
         select email, $2, $3, $4 from public.admin_emails where email = $1
         on conflict (email) do update set display_name = excluded.display_name, signature = excluded.signature,
           updated_at = excluded.updated_at
         returning display_name as name, signature`,
        [address, profile.name, profile.signature, now()],
      )
      return rows[0] ? { email: address, name: rows[0].name, signature: rows[0].signature } : null
    },

    async assign({ id, owner, actor, linkOrigin }) {
      const by = normalizeEmail(actor)
      const to = owner === null ? null : normalizeEmail(owner)
      const result = await db.transaction(async (tx) => {
        if (to !== null) {
          const member = await tx.query('select 1 from public.admin_emails where email = $1', [to])
          if (member.rows.length === 0) return { ok: false as const, reason: 'not_member' as const }
        }
        const { rows } = await tx.query<{ before: string | null; status: string; deleted_at: Date | null }>(
          `with old as (select id, owner_email from public.contact_messages where id = $1 for update)
           update public.contact_messages m set owner_email = $2 from old where m.id = old.id
           returning old.owner_email as before, m.status, m.deleted_at`,
          [id, to],
        )
        const row = rows[0]
        if (!row) return { ok: false as const, reason: 'not_found' as const }
        if (row.before === to) return { ok: true as const, changed: false, mailed: false }
        const at = now()
        await recordActivity(tx, { actor: by, action: 'message.owner', messageIds: [id], detail: { from: row.before, to }, at })
        // Never for spam or the trash: nobody should be sent to work on those.
        const mailed = to !== null && to !== by && row.status !== 'spam' && row.deleted_at === null
        if (mailed) await queueColleagueMail(tx, 'lead_assigned', [to], id, { origin: linkOrigin, by }, at)
        return { ok: true as const, changed: true, mailed }
      })
      if (result.ok && result.mailed) kick()
      return result
    },

    async notes(messageId) {
      const { rows } = await db.query<NoteRow>(
        `select ${NOTE_COLUMNS} from public.lead_notes where message_id = $1 order by created_at, id`,
        [messageId],
      )
      return rows.map(toNote)
    },

    async addNote({ messageId, actor, body, linkOrigin }) {
      const by = normalizeEmail(actor)
      const result = await db.transaction(async (tx) => {
        const exists = await tx.query('select 1 from public.contact_messages where id = $1 for share', [messageId])
        if (exists.rows.length === 0) return null
        const mentions = mentionedIn(body, await staffOf(tx)).filter((email) => email !== by)
        const at = now()
        const { rows } = await tx.query<NoteRow>(
          `insert into public.lead_notes (message_id, author_email, body, mentions, created_at)
           values ($1, $2, $3, $4::text[], $5) returning ${NOTE_COLUMNS}`,
          [messageId, by, body, mentions, at],
        )
        const note = toNote(rows[0]!)
        await recordActivity(tx, { actor: by, action: 'message.note', messageIds: [messageId], detail: { note: note.id }, at })
        await queueColleagueMail(tx, 'lead_note', mentions, messageId, { origin: linkOrigin, note: note.id, by }, at)
        return note
      })
      if (result && result.mentions.length > 0) kick()
      return result
    },

    async deleteNote({ id, actor }) {
      const by = normalizeEmail(actor)
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ message_id: string }>(
          `delete from public.lead_notes
           where id = $1 and author_email = $2 and created_at > $3::timestamptz - make_interval(mins => $4)
           returning message_id`,
          [id, by, now(), NOTE_DELETE_MINUTES],
        )
        if (!rows[0]) return false
        await recordActivity(tx, {
          actor: by,
          action: 'message.note_delete',
          messageIds: [rows[0].message_id],
          detail: { note: id },
          at: now(),
        })
        return true
      })
    },
  }
}
