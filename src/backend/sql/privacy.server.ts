/** One person's data (docs/kvkk.md, decision 125): everything the app's database holds that names an
 * address, exported as one document or erased for good, each erasure recorded with the address only
 * as a keyed hash (HMAC-SHA256 under a key the first server stores in private.privacy_secrets).
 * reapplyErasures() lets a restore erase again what was erased after its backup was taken. */
import { createHmac, randomBytes } from 'node:crypto'
import { lockUntilCommit } from './advisory-lock.server'
import { pseudonymizeActivity, recordActivity } from './activity.server'
import type { OwnerAlert, RequestOrigin } from '../backend'
import { CLI_ACTOR } from '~/domain/activity'
import { analyzePersonalData } from './analyze-personal-data.server'
import { normalizeEmail } from '~/domain/accounts'
import type { LeadSource } from '~/domain/visits'
import type { ErasureCounts, ErasureResult, ExportedMessage, PersonalDataExport } from '~/domain/privacy'
import type { Sql } from './client'

/** The key of the subject hashes, stored by the first caller (like the postgres mode's code secret). */
export async function loadPrivacyKey(db: Sql): Promise<Buffer> {
  await db.query("insert into private.privacy_secrets (name, value) values ('subject_hmac', $1) on conflict (name) do nothing", [
    randomBytes(32).toString('hex'),
  ])
  const { rows } = await db.query<{ value: string }>("select value from private.privacy_secrets where name = 'subject_hmac'")
  return Buffer.from(rows[0]!.value, 'hex')
}

export function subjectHash(key: Buffer, email: string): string {
  return createHmac('sha256', key).update(normalizeEmail(email)).digest('hex')
}

/** The built-in sign-in's tables exist in the embedded and postgres modes only. */
export async function hasBuiltinAuth(db: Sql): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(`select to_regclass('builtin_auth.users') is not null as found`)
  return rows[0]?.found === true
}

const iso = (date: Date | null) => (date ? date.toISOString() : null)
const RATE_KEY_MATCH = `right(key, char_length($1) + 1) = ':' || $1`

export async function exportPersonalData(db: Sql, email: string, now: Date): Promise<PersonalDataExport> {
  const address = normalizeEmail(email)
  // Outside the read-only snapshot: the first caller stores the key.
  const hash = subjectHash(await loadPrivacyKey(db), address)
  return db.transaction(
    async (tx) => {
      const messages = await tx.query<{
        id: string
        name: string
        email: string
        message: string
        status: string
        created_at: Date
        read_at: Date | null
        ip_address: string | null
        deleted_at: Date | null
        source: LeadSource | null
      }>(
        `select id, name, email, message, status, created_at, read_at, ip_address, deleted_at, source
         from public.contact_messages where lower(email) = $1 order by created_at, id`,
        [address],
      )
      const replies = await tx.query<{
        id: string
        message_id: string
        kind: string
        author: string | null
        locale: string
        body: string
        delivery: string | null
        created_at: Date
        sent_at: Date | null
      }>(
        `select id, message_id, kind, author, locale, body, delivery, created_at, sent_at from public.message_replies
         where message_id = any($1::uuid[]) or lower(author) = $2 order by created_at, id`,
        [messages.rows.map((m) => m.id), address],
      )
      const admin = await tx.query<{ created_at: Date; new_messages: boolean | null; locale: string | null }>(
        `select a.created_at, s.new_messages, s.locale from public.admin_emails a
         left join public.admin_notification_settings s on s.email = a.email where a.email = $1`,
        [address],
      )
      const changes = await tx.query<{ action: string; email: string; actor: string | null; created_at: Date }>(
        `select action, email, actor, created_at from public.admin_changes
         where email = $1 or actor = $1 order by created_at, id`,
        [address],
      )
      const mail = await tx.query<{
        kind: string
        recipient: string
        status: string
        created_at: Date
        sent_at: Date | null
        message_id: string | null
      }>(
        `select kind, recipient, status, created_at, sent_at, message_id from public.mail_queue
         where lower(recipient) = $1 or message_id = any($2::uuid[]) order by created_at, id`,
        [address, messages.rows.map((m) => m.id)],
      )
      const limits = await tx.query<{ key: string; hit_at: Date }>(
        `select key, hit_at from public.rate_limit_hits where ${RATE_KEY_MATCH} order by hit_at, id`,
        [address],
      )
      const spamSender = await tx.query<{ verdict: 'spam' | 'ham' }>(
        'select verdict from public.spam_senders where sender = $1',
        [address],
      )
      const spamTexts = await tx.query<{ n: number }>(
        'select count(*)::int as n from public.spam_fingerprints where lower(email) = $1',
        [address],
      )
      const requests = await tx.query<{ created_at: Date; via: string }>(
        'select created_at, via from public.privacy_requests where subject_hash = $1 order by created_at, id',
        [hash],
      )
      const activity = await tx.query<{
        at: Date
        actor: string
        action: string
        subject: string | null
        message_ids: string[]
      }>(
        `select at, actor, action, subject, message_ids::text[] as message_ids from public.activity_log
         where lower(actor) = $1 or lower(subject) = $1 order by at, id`,
        [address],
      )
      const notes = await tx.query<{ message_id: string; author_email: string; body: string; created_at: Date }>(
        `select message_id, author_email, body, created_at from public.lead_notes
         where message_id = any($1::uuid[]) or author_email = $2 or $2 = any(mentions) order by created_at, id`,
        [messages.rows.map((m) => m.id), address],
      )
      const profile = await tx.query<{ name: string | null; signature: string | null }>(
        'select display_name as name, signature from public.staff_profiles where email = $1',
        [address],
      )
      const passkeys = await tx.query<{ name: string; created_at: Date; last_used_at: Date | null }>(
        'select name, created_at, last_used_at from public.staff_passkeys where email = $1 order by created_at, id',
        [address],
      )
      const adminRow = admin.rows[0]
      return {
        email: address,
        generatedAt: now.toISOString(),
        messages: messages.rows.map(
          (m): ExportedMessage => ({
            id: m.id,
            name: m.name,
            email: m.email,
            message: m.message,
            status: m.status,
            createdAt: m.created_at.toISOString(),
            readAt: iso(m.read_at),
            ipAddress: m.ip_address,
            deletedAt: iso(m.deleted_at),
            leadSource: m.source,
          }),
        ),
        replies: replies.rows.map((r) => ({
          id: r.id,
          messageId: r.message_id,
          kind: r.kind,
          author: r.author,
          locale: r.locale,
          body: r.body,
          delivery: r.delivery,
          createdAt: r.created_at.toISOString(),
          sentAt: iso(r.sent_at),
        })),
        admin: {
          onList: Boolean(adminRow),
          addedAt: iso(adminRow?.created_at ?? null),
          notificationSettings:
            adminRow && adminRow.new_messages !== null
              ? { newMessages: adminRow.new_messages, locale: adminRow.locale ?? 'tr' }
              : null,
          changes: changes.rows.map((c) => ({
            action: c.action,
            email: c.email,
            actor: c.actor,
            at: c.created_at.toISOString(),
          })),
        },
        account: await exportAccount(tx, address),
        mail: mail.rows.map((m) => ({
          kind: m.kind,
          recipient: m.recipient,
          status: m.status,
          createdAt: m.created_at.toISOString(),
          sentAt: iso(m.sent_at),
          messageId: m.message_id,
        })),
        loggedMail: [],
        rateLimits: limits.rows.map((r) => ({ key: r.key, at: r.hit_at.toISOString() })),
        erasureRequests: requests.rows.map((r) => ({ at: r.created_at.toISOString(), via: r.via })),
        spamFilter: { senderVerdict: spamSender.rows[0]?.verdict ?? null, recentTexts: spamTexts.rows[0]!.n },
        activity: activity.rows.map((a) => ({
          at: a.at.toISOString(),
          actor: a.actor,
          action: a.action,
          subject: a.subject,
          messageIds: a.message_ids,
        })),
        leadNotes: notes.rows.map((n) => ({
          messageId: n.message_id,
          author: n.author_email,
          body: n.body,
          createdAt: n.created_at.toISOString(),
        })),
        staffProfile: profile.rows[0] ?? null,
        passkeys: passkeys.rows.map((p) => ({
          name: p.name,
          createdAt: p.created_at.toISOString(),
          lastUsedAt: iso(p.last_used_at),
        })),
      }
    },
    { snapshot: true },
  )
}

async function exportAccount(tx: Sql, address: string): Promise<PersonalDataExport['account']> {
  if (!(await hasBuiltinAuth(tx))) return null
  const { rows } = await tx.query<{ created_at: Date; sessions: number; codes: number }>(
    `select u.created_at,
            (select count(*)::int from builtin_auth.sessions s where s.user_id = u.id) as sessions,
            (select count(*)::int from builtin_auth.otp_codes c where c.email = u.email and not c.used) as codes
     from builtin_auth.users u where u.email = $1`,
    [address],
  )
  const row = rows[0]
  if (!row) return null
  const open = await tx.query<{ user_agent: string | null; place: string | null; created_at: Date; last_seen_at: Date }>(
    `select s.user_agent, s.place, s.created_at, s.last_seen_at
     from builtin_auth.sessions s join builtin_auth.users u on u.id = s.user_id
     where u.email = $1 order by s.created_at`,
    [address],
  )
  return {
    createdAt: row.created_at.toISOString(),
    sessions: row.sessions,
    pendingCodes: row.codes,
    openSessions: open.rows.map((s) => ({
      userAgent: s.user_agent,
      place: s.place,
      createdAt: s.created_at.toISOString(),
      lastActiveAt: s.last_seen_at.toISOString(),
    })),
  }
}

/** Deletes every row naming the address, in the caller's transaction; returns how many of each.
 * Nothing goes to the trash: the messages are deleted for good. */
export async function eraseSubjectRows(tx: Sql, email: string): Promise<ErasureCounts> {
  const address = normalizeEmail(email)
  const found = await tx.query<{ id: string }>('select id from public.contact_messages where lower(email) = $1 for update', [
    address,
  ])
  const ids = found.rows.map((m) => m.id)
  // Before the messages: their deletion would take their notifications uncounted (a trigger).
  const mail = await tx.query('delete from public.mail_queue where lower(recipient) = $1 or message_id = any($2::uuid[])', [
    address,
    ids,
  ])
  // Their threads go with them (on delete cascade); a staff member's replies elsewhere lose the name.
  const messages = await tx.query('delete from public.contact_messages where id = any($1::uuid[])', [ids])
  await tx.query('update public.message_replies set author = null where lower(author) = $1', [address])
  const settings = await tx.query('delete from public.admin_notification_settings where email = $1', [address])
  const admin = await tx.query('delete from public.admin_emails where email = $1', [address])
  // After the admin entry: its removal has just added a history row naming the address. The
  // history and the activity log keep every row (who did what stays provable); the address
  // becomes its keyed hash in both.
  const hash = subjectHash(await loadPrivacyKey(tx), address)
  const changes = await tx.query<{ n: number }>('select private.admin_changes_pseudonymize($1, $2) as n', [address, hash])
  // The site content's versions stay (any may be restored); who published them does not.
  await tx.query('update public.site_content_versions set created_by = null where created_by = $1', [address])
  await tx.query('update public.site_content_draft set updated_by = null where updated_by = $1', [address])
  // Digests list message ids only: the erased ones leave the list.
  await tx.query(
    `update public.mail_queue set data = jsonb_set(data, '{ids}',
       coalesce((select jsonb_agg(i) from jsonb_array_elements_text(data -> 'ids') i where i <> all($1::text[])), '[]'::jsonb))
     where kind = 'digest' and data -> 'ids' ?| $1::text[]`,
    [ids],
  )
  const limits = await tx.query(`delete from public.rate_limit_hits where ${RATE_KEY_MATCH}`, [address])
  // The filter's word on the address and its texts' traces; a domain's verdict names no person.
  const spamSender = await tx.query('delete from public.spam_senders where sender = $1', [address])
  const spamTexts = await tx.query('delete from public.spam_fingerprints where lower(email) = $1', [address])
  await pseudonymizeActivity(tx, address, hash)
  // Notes on other leads are those leads' data: kept, with the erased member as the same hash.
  await tx.query(
    `update public.lead_notes set author_email = case when author_email = $1 then $2 else author_email end,
       mentions = array_replace(mentions, $1, $2) where author_email = $1 or $1 = any(mentions)`,
    [address, hash],
  )
  let accounts = 0
  if (await hasBuiltinAuth(tx)) {
    // Sessions and codes go with the account (on delete cascade); codes of an address without one too.
    await tx.query('delete from builtin_auth.otp_codes where email = $1', [address])
    accounts = (await tx.query('delete from builtin_auth.users where email = $1', [address])).rowCount
  }
  return {
    messages: messages.rowCount,
    adminEntries: admin.rowCount,
    adminChanges: changes.rows[0]?.n ?? 0,
    notificationSettings: settings.rowCount,
    accounts,
    mail: mail.rowCount,
    loggedMail: 0,
    rateLimits: limits.rowCount,
    spamFilter: spamSender.rowCount + spamTexts.rowCount,
  }
}

export interface EraseOptions {
  via: 'cli' | 'staff'
  now: Date
  /** The signed-in admin asking (staff page): never erased this way. */
  actor?: string
  /** The request it came from, for the activity log's row. */
  from?: RequestOrigin
  /** Queues the owners' alert when the address was on the team (in the erasure's transaction). */
  alertOwners?: (tx: Sql, alert: OwnerAlert) => Promise<unknown>
  /** Deletes the account where the mode keeps it outside this database (Supabase Auth); true when there was one. */
  removeExternalAccount?: (email: string) => Promise<boolean>
  /** Erases the address's lines of the delivered-mail log (outbox.jsonl); returns how many. */
  eraseLoggedMail?: (email: string) => Promise<number>
}

export async function erasePersonalData(db: Sql, email: string, options: EraseOptions): Promise<ErasureResult> {
  const address = normalizeEmail(email)
  if (options.actor && normalizeEmail(options.actor) === address) return { ok: false, reason: 'self' }
  const result = await db.transaction(async (tx): Promise<ErasureResult> => {
    // The team's lock first, as removal and role changes take it: one lock keeps the last owner.
    await lockUntilCommit(tx, 'team')
    await lockUntilCommit(tx, 'privacy')
    const { rows } = await tx.query<{ listed: boolean; owner: boolean; others: number; otherOwners: number }>(
      `select exists (select from public.admin_emails where email = $1) as listed,
              exists (select from public.admin_emails where email = $1 and role = 'owner') as owner,
              (select count(*)::int from public.admin_emails where email <> $1) as others,
              (select count(*)::int from public.admin_emails where email <> $1 and role = 'owner') as "otherOwners"`,
      [address],
    )
    if (rows[0]!.listed && rows[0]!.others === 0) return { ok: false, reason: 'last_admin' }
    if (rows[0]!.owner && rows[0]!.otherOwners === 0) return { ok: false, reason: 'last_owner' }
    const hash = subjectHash(await loadPrivacyKey(tx), address)
    const before = await tx.query('select 1 from public.privacy_requests where subject_hash = $1 limit 1', [hash])
    const counts = await eraseSubjectRows(tx, address)
    // Who erased, in the log that outlives the erasure: the erased address only as its hash.
    const actor = options.actor ? normalizeEmail(options.actor) : CLI_ACTOR
    await recordActivity(tx, {
      actor,
      action: 'privacy.erase',
      subject: hash,
      detail: { via: options.via, total: sumCounts(counts) },
      requestId: options.from?.requestId,
      ip: options.from?.ip,
    })
    if (rows[0]!.listed) await options.alertOwners?.(tx, { kind: 'team_change', change: 'erased', email: hash, actor })
    await tx.query(
      `insert into public.privacy_requests (created_at, action, via, subject_hash, counts) values ($1, 'erase', $2, $3, $4)`,
      [options.now, options.via, hash, JSON.stringify(counts)],
    )
    return { ok: true, counts, total: sumCounts(counts), repeat: before.rows.length > 0 }
  })
  if (!result.ok) return result
  // Outside the database, after its commit: a failure here leaves the request recorded and the
  // rows erased, and a repeat request erases the rest.
  if (options.removeExternalAccount && (await options.removeExternalAccount(address))) result.counts.accounts += 1
  if (options.eraseLoggedMail) result.counts.loggedMail = await options.eraseLoggedMail(address)
  result.total = sumCounts(result.counts)
  // The planner's samples of the erased rows go too (decision 194).
  if (result.total > 0) await analyzePersonalData(db)
  return result
}

function sumCounts(counts: ErasureCounts): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0)
}
