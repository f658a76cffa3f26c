/**
 * Who may do what on a database set up as Supabase sets up a project today (no automatic grants
 * to the API roles), after supabase/migrations were applied as the non-superuser `postgres`
 * (tests/support/test-database.ts). The API roles are tried the way PostgREST uses them: logged
 * in as `authenticator`, then SET ROLE and the request's JWT claims for one transaction.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSupabaseDatabase, type SupabaseDatabase } from '../support/test-database'

const ADMIN_EMAIL = 'admin@example.com'
const TABLES = {
  contact_messages: 'status',
  contact_message_counts: 'n',
  admin_emails: 'email',
  hero_settings: 'title',
  rate_limit_hits: 'key',
  destruction_records: 'category',
  privacy_requests: 'via',
  spam_tokens: 'token',
  spam_senders: 'sender',
  spam_fingerprints: 'fingerprint',
  spam_settings: 'value',
  spam_learned: 'verdict',
  backup_state: 'holder',
  retention_pass: 'holder',
  site_content_versions: 'kind',
  site_content_draft: 'revision',
  message_replies: 'body',
  imap_reader_state: 'holder',
  reply_reminders: 'queued_at',
  page_views: 'path',
  visit_daily: 'path',
  visit_daily_keys: 'dimension',
  visit_rolled_days: 'day',
  visit_live: 'path',
  activity_log: 'actor',
  staff_profiles: 'display_name',
  lead_notes: 'body',
  saved_replies: 'title',
  staff_passkeys: 'name',
  passkey_challenges: 'purpose',
  passkey_proofs: 'email',
} as const
const PRIVILEGES = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER', 'MAINTAIN']

interface Caller {
  name: string
  role: 'anon' | 'authenticated' | 'service_role'
  claims?: Record<string, string>
}
const CALLERS: Caller[] = [
  { name: 'anon', role: 'anon' },
  {
    name: 'a signed-in non-admin',
    role: 'authenticated',
    claims: { sub: '00000000-0000-4000-8000-000000000001', role: 'authenticated', email: 'staff@example.com' },
  },
  {
    name: 'a signed-in admin',
    role: 'authenticated',
    claims: { sub: '00000000-0000-4000-8000-000000000002', role: 'authenticated', email: ADMIN_EMAIL },
  },
  { name: 'service_role', role: 'service_role', claims: { role: 'service_role' } },
]

let db: SupabaseDatabase
let superuser: pg.Client
let authenticator: pg.Client
let app: pg.Client

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  return client
}

beforeAll(async () => {
  db = await createSupabaseDatabase()
  ;[superuser, authenticator, app] = await Promise.all([
    connect(db.superuserUrl),
    connect(db.urlFor('authenticator')),
    connect(db.appUrl),
  ])
  await superuser.query('insert into public.admin_emails (email) values ($1)', [ADMIN_EMAIL])
})

afterAll(async () => {
  await Promise.all([superuser, authenticator, app].map((client) => client?.end()))
  await db?.drop()
})

/** One statement as `caller`, in a transaction that is rolled back, like one PostgREST request. */
async function asCaller(caller: Caller, sql: string, params: unknown[] = []) {
  await authenticator.query('begin')
  try {
    await authenticator.query(`set local role ${caller.role}`)
    await authenticator.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(caller.claims ?? {})])
    return await authenticator.query(sql, params)
  } finally {
    await authenticator.query('rollback')
  }
}

async function expectDenied(run: Promise<unknown>) {
  await expect(run).rejects.toMatchObject({ code: '42501' })
}

describe('the migrations on Supabase as it is today', () => {
  it('applied every file as postgres, which is not a superuser', async () => {
    const { rows } = await superuser.query(
      `select rolsuper, rolcreaterole, rolbypassrls from pg_roles where rolname = 'postgres'`,
    )
    expect(rows).toEqual([{ rolsuper: false, rolcreaterole: true, rolbypassrls: true }])
    const history = await superuser.query('select version from supabase_migrations.schema_migrations order by version')
    expect(history.rows.map((row) => row.version)).toContain('20261125000000')
    const owners = await superuser.query(
      `select distinct pg_get_userbyid(relowner) as owner from pg_class
       where relnamespace = 'public'::regnamespace and relkind = 'r'`,
    )
    expect(owners.rows).toEqual([{ owner: 'postgres' }])
  })

  it('keeps RLS on for every table in public', async () => {
    const { rows } = await superuser.query(
      `select relname from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' and not relrowsecurity`,
    )
    expect(rows).toEqual([])
  })

  it('leaves the API roles no privilege on any table, sequence or function in public', async () => {
    const tables = await superuser.query(
      `select c.relname, r.role, p.privilege
       from pg_class c, unnest(array['anon', 'authenticated', 'service_role']) r(role), unnest($1::text[]) p(privilege)
       where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f')
         and has_table_privilege(r.role, c.oid, p.privilege)`,
      [PRIVILEGES],
    )
    expect(tables.rows).toEqual([])
    const sequences = await superuser.query(
      `select c.relname, r.role
       from pg_class c, unnest(array['anon', 'authenticated', 'service_role']) r(role)
       where c.relnamespace = 'public'::regnamespace and c.relkind = 'S'
         and has_sequence_privilege(r.role, c.oid, 'USAGE, SELECT, UPDATE')`,
    )
    expect(sequences.rows).toEqual([])
    const functions = await superuser.query(
      `select f.oid::regprocedure::text as function, r.role
       from pg_proc f, unnest(array['anon', 'authenticated', 'service_role']) r(role)
       where f.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
         and has_function_privilege(r.role, f.oid, 'EXECUTE')`,
    )
    expect(functions.rows).toEqual([])
  })

  it('gives the API roles nothing on a table a later migration creates in public', async () => {
    const postgres = await connect(db.postgresUrl)
    try {
      await postgres.query('begin')
      await postgres.query('create table public.later_table (id integer)')
      const { rows } = await postgres.query(
        `select r.role, p.privilege
         from unnest(array['anon', 'authenticated', 'service_role']) r(role), unnest($1::text[]) p(privilege)
         where has_table_privilege(r.role, 'public.later_table', p.privilege)`,
        [PRIVILEGES],
      )
      expect(rows).toEqual([])
    } finally {
      await postgres.query('rollback')
      await postgres.end()
    }
  })

  it('has pg_trgm in the extensions schema, and no public wrappers of the rate-limit functions', async () => {
    const { rows } = await superuser.query(
      `select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`,
    )
    expect(rows).toEqual([{ schema: 'extensions' }])
    const wrappers = await superuser.query(
      `select to_regprocedure('public.rate_limit_hit(text, integer, integer)') as hit,
              to_regprocedure('public.rate_limit_check(text, integer, integer)') as check`,
    )
    expect(wrappers.rows).toEqual([{ hit: null, check: null }])
  })
})

describe.each(CALLERS)('as $name', (caller) => {
  it.each(Object.entries(TABLES))('%s can be neither read nor written', async (table, column) => {
    await expectDenied(asCaller(caller, `select * from public.${table} limit 1`))
    await expectDenied(asCaller(caller, `insert into public.${table} default values`))
    await expectDenied(asCaller(caller, `update public.${table} set ${column} = ${column}`))
    await expectDenied(asCaller(caller, `delete from public.${table}`))
    await expectDenied(asCaller(caller, `truncate public.${table}`))
  })

  it('cannot run the rate-limit functions', async () => {
    await expectDenied(asCaller(caller, `select private.rate_limit_hit('contactPerIp:203.0.113.9', 5, 600)`))
    await expectDenied(asCaller(caller, `select private.rate_limit_check('contactPerIp:203.0.113.9', 5, 600)`))
  })

  it("cannot read the messages' search statistics", async () => {
    await expectDenied(asCaller(caller, 'select * from private.message_search_stats()'))
  })

  it("cannot make the tables with personal data analyzed or the search indexes' pending lists merged", async () => {
    await expectDenied(asCaller(caller, 'select private.analyze_personal_data()'))
    await expectDenied(asCaller(caller, 'select private.merge_message_search_pending()'))
  })

  it('cannot list the files of the public bucket', async () => {
    await superuser.query(`insert into storage.objects (bucket_id, name) values ('industry-images', $1) on conflict do nothing`, [
      'banners/listed.png',
    ])
    const { rows } = await asCaller(caller, `select name from storage.objects where bucket_id = 'industry-images'`)
    // service_role bypasses RLS by design (the Storage API's own key); nobody else sees a row.
    expect(rows).toEqual(caller.role === 'service_role' ? [{ name: 'banners/listed.png' }] : [])
  })
})

describe('storage policies', () => {
  it('no policy on storage.objects lets anon or a signed-in user read the bucket', async () => {
    const { rows } = await superuser.query(
      `select policyname from pg_policies
       where schemaname = 'storage' and tablename = 'objects' and cmd in ('SELECT', 'ALL')
         and roles && array['anon', 'authenticated', 'public']::name[]`,
    )
    expect(rows).toEqual([])
    const bucket = await superuser.query(`select public from storage.buckets where id = 'industry-images'`)
    expect(bucket.rows).toEqual([{ public: true }])
  })
})

describe('as the server (a login role in app_server)', () => {
  it('is a member of app_server only, without superuser or bypassrls', async () => {
    const { rows } = await app.query(
      `select r.rolsuper, r.rolbypassrls,
              array(select m.roleid::regrole::text from pg_auth_members m where m.member = r.oid) as member_of
       from pg_roles r where r.rolname = current_user`,
    )
    expect(rows).toEqual([{ rolsuper: false, rolbypassrls: false, member_of: ['app_server'] }])
  })

  it('inserts, reads, updates and deletes messages, and the counts follow', async () => {
    const counts = async () =>
      Object.fromEntries(
        (await app.query('select status, n::int from public.contact_message_counts')).rows.map((row) => [row.status, row.n]),
      )
    const before = await counts()
    const inserted = await app.query(
      `insert into public.contact_messages (name, email, message, ip_address)
       values ('Ayşe Yılmaz', 'ayse@example.com', 'ERP projemiz için bilgi almak istiyoruz.', '203.0.113.9'),
              ('John Smith', 'john@example.com', 'We would like to hear about your services.', null)
       returning id`,
    )
    const [first, second] = inserted.rows.map((row) => row.id as string)
    expect(await counts()).toEqual({ ...before, new: before.new + 2 })

    const found = await app.query(`select name from public.contact_messages where name ilike '%yılmaz%'`)
    expect(found.rows).toEqual([{ name: 'Ayşe Yılmaz' }])

    await app.query(`update public.contact_messages set status = 'read', read_at = now() where id = $1`, [first])
    expect(await counts()).toEqual({ ...before, new: before.new + 1, read: before.read + 1 })

    // The trash and spam (20261127000000_trash_and_spam.sql): the server's own role moves rows in
    // and out, and the counts (kept by a SECURITY DEFINER trigger it cannot call) follow.
    await app.query(`update public.contact_messages set deleted_at = now() where id = $1`, [first])
    await app.query(`update public.contact_messages set status = 'spam' where id = $1`, [second])
    expect(await counts()).toEqual({ ...before, trash: before.trash + 1, spam: before.spam + 1 })
    await app.query(`update public.contact_messages set deleted_at = null where id = $1`, [first])
    expect(await counts()).toEqual({ ...before, read: before.read + 1, spam: before.spam + 1 })
    await app.query(`update public.contact_messages set deleted_at = now() where id = $1`, [first])

    const deleted = await app.query('delete from public.contact_messages where id = any($1::uuid[])', [[first, second]])
    expect(deleted.rowCount).toBe(2)
    expect(await counts()).toEqual(before)
  })

  it('reads, adds and removes admin e-mails', async () => {
    await app.query(`insert into public.admin_emails (email) values ('new-admin@example.com')`)
    const { rows } = await app.query('select email from public.admin_emails order by email')
    expect(rows).toEqual([{ email: ADMIN_EMAIL }, { email: 'new-admin@example.com' }])
    const deleted = await app.query(`delete from public.admin_emails where email = 'new-admin@example.com'`)
    expect(deleted.rowCount).toBe(1)
  })

  it('inserts, updates and reads banners', async () => {
    await superuser.query(`delete from public.hero_settings where key = 'tr-banner'`)
    await app.query(
      `insert into public.hero_settings (key, image_url, title, badge) values ('tr-banner', '/uploads/a.png', 'Yeni', 'TR')`,
    )
    await app.query(
      `insert into public.hero_settings (key, image_url, title, badge) values ('en-banner', '/uploads/b.png', 'New', 'EN')
       on conflict (key) do update set image_url = excluded.image_url, title = excluded.title, badge = excluded.badge`,
    )
    await app.query(`update public.hero_settings set badge = 'TR' where key = 'tr-banner'`)
    const { rows } = await app.query('select key, image_url, title from public.hero_settings order by key')
    expect(rows).toEqual([
      { key: 'en-banner', image_url: '/uploads/b.png', title: 'New' },
      { key: 'tr-banner', image_url: '/uploads/a.png', title: 'Yeni' },
    ])
  })

  it('counts, checks and clears rate-limit hits', async () => {
    const key = 'sendCodePerIp:198.51.100.7'
    const hit = async () => (await app.query('select private.rate_limit_hit($1, 2, 600) as wait', [key])).rows[0].wait
    expect([await hit(), await hit()]).toEqual([0, 0])
    expect(await hit()).toBeGreaterThan(0)
    const check = await app.query('select private.rate_limit_check($1, 2, 600) as wait', [key])
    expect(check.rows[0].wait).toBeGreaterThan(0)
    const seen = await app.query('select count(*)::int as n from public.rate_limit_hits where key = $1', [key])
    expect(seen.rows).toEqual([{ n: 2 }])
    const cleared = await app.query('delete from public.rate_limit_hits where key = $1', [key])
    expect(cleared.rowCount).toBe(2)
    const after = await app.query('select private.rate_limit_check($1, 2, 600) as wait', [key])
    expect(after.rows).toEqual([{ wait: 0 }])
  })

  it('queues, claims and finishes mail, holds the delivery lease and keeps notification settings', async () => {
    await superuser.query('insert into public.admin_emails (email) values ($1) on conflict do nothing', [
      'mail-admin@example.com',
    ])
    const queued = await app.query(
      `insert into public.mail_queue (kind, recipient, data, created_at, next_attempt_at)
       values ('digest', 'mail-admin@example.com', '{"count": 1, "ids": []}', now(), now()) returning id`,
    )
    const id = queued.rows[0].id
    expect((await app.query(`update public.mail_queue set status = 'sending' where id = $1`, [id])).rowCount).toBe(1)
    expect((await app.query(`update public.mail_queue set status = 'sent', sent_at = now() where id = $1`, [id])).rowCount).toBe(
      1,
    )
    const lease = await app.query(
      `update public.mail_worker_lease set holder = 'grants-test', expires_at = now() + interval '1 minute'
       where holder is null or expires_at < now()`,
    )
    expect(lease.rowCount).toBe(1)
    await app.query(`update public.mail_worker_lease set holder = null, expires_at = '-infinity'`)
    await app.query(
      `insert into public.admin_notification_settings (email, new_messages, locale) values ($1, false, 'en')
       on conflict (email) do update set new_messages = excluded.new_messages`,
      ['mail-admin@example.com'],
    )
    expect((await app.query('delete from public.mail_queue where id = $1', [id])).rowCount).toBe(1)
    await expectDenied(app.query('delete from public.mail_worker_lease'))
    await expectDenied(app.query('insert into public.mail_worker_lease (id) values (true)'))
  })

  it("keeps the spam filter's memory: counts, senders, fingerprints, lessons; the signing key only written once", async () => {
    await app.query('begin')
    try {
      await app.query(`insert into public.spam_tokens (token, spam, ham) values ('grants-test', 1, 0)`)
      await app.query(`update public.spam_tokens set ham = ham + 1 where token = 'grants-test'`)
      await app.query(`insert into public.spam_senders (sender, verdict) values ('@grants.example', 'ham')`)
      await app.query(
        `insert into public.spam_fingerprints (fingerprint, email, seen_at) values (md5('x'), 'a@b.example', now())`,
      )
      await app.query(`delete from public.spam_fingerprints where seen_at < now() - interval '1 day'`)
      await app.query(`insert into public.spam_settings (name, value) values ('grants-test', 'k')`)
      const { rows } = await app.query(`select spam, ham from public.spam_tokens where token = 'grants-test'`)
      expect(rows).toEqual([{ spam: 1, ham: 1 }])
    } finally {
      await app.query('rollback')
    }
    await expectDenied(app.query(`update public.spam_settings set value = 'other'`))
    await expectDenied(app.query(`delete from public.spam_settings`))
  })

  it('claims and releases the snapshot lease and records the newest snapshot, and nothing more', async () => {
    const claimed = await app.query(
      `update public.backup_state set holder = 'grants-test', lease_until = now() + interval '1 minute'
       where lease_until < now()`,
    )
    expect(claimed.rowCount).toBe(1)
    await app.query(`update public.backup_state set holder = null, lease_until = '-infinity', last_snapshot_at = now()`)
    expect((await app.query('select last_snapshot_at from public.backup_state')).rows[0].last_snapshot_at).toBeInstanceOf(Date)
    await expectDenied(app.query('delete from public.backup_state'))
    await expectDenied(app.query('insert into public.backup_state (id) values (true)'))
  })

  it("claims the retention pass's lease, keeps its tally and frees it, and nothing more", async () => {
    const claimed = await app.query(
      `update public.retention_pass set holder = 'grants-test', lease_until = now() + interval '1 minute', pass_at = now()
       where holder is null or lease_until < now()`,
    )
    expect(claimed.rowCount).toBe(1)
    await app.query(`update public.retention_pass set tally = '{"messages": 3}' where holder = 'grants-test'`)
    expect((await app.query('select tally from public.retention_pass')).rows).toEqual([{ tally: { messages: 3 } }])
    await app.query(`update public.retention_pass set holder = null, lease_until = '-infinity', pass_at = null, tally = '{}'`)
    await expectDenied(app.query('delete from public.retention_pass'))
    await expectDenied(app.query('insert into public.retention_pass (id) values (true)'))
  })

  it('appends to the activity log and reads it, but never rewrites or deletes a row', async () => {
    const messageId = '00000000-0000-4000-8000-0000000000aa'
    const inserted = await app.query(
      `insert into public.activity_log (actor, action, message_ids, address)
       values ('grants-actor@example.com', 'message.open', array[$1::uuid], '203.0.113.0/24') returning id`,
      [messageId],
    )
    const id = inserted.rows[0].id
    const read = await app.query('select actor, action from public.activity_log where message_ids @> array[$1::uuid]', [
      messageId,
    ])
    expect(read.rows).toEqual([{ actor: 'grants-actor@example.com', action: 'message.open' }])
    await expectDenied(app.query(`update public.activity_log set actor = 'someone-else@example.com' where id = $1`, [id]))
    await expectDenied(app.query(`update public.activity_log set at = at - interval '1 year'`))
    await expectDenied(app.query('delete from public.activity_log where id = $1', [id]))
    await expectDenied(app.query('truncate public.activity_log'))
    // The two changes the product makes, through their functions only: an erased address becomes
    // its hash (the row stays), and retention deletes rows older than its cut-off.
    const hash = 'c'.repeat(64)
    const pseudonymized = await app.query('select private.activity_log_pseudonymize($1, $2) as n', [
      'grants-actor@example.com',
      hash,
    ])
    expect(pseudonymized.rows).toEqual([{ n: 1 }])
    expect((await app.query('select actor from public.activity_log where id = $1', [id])).rows).toEqual([{ actor: hash }])
    await expect(app.query(`select private.activity_log_pseudonymize('x@example.com', 'not-a-hash')`)).rejects.toMatchObject({
      code: '22023',
    })
    expect((await app.query(`select private.activity_log_expire(now() - interval '1 day', 1000) as n`)).rows).toEqual([{ n: 0 }])
    expect((await app.query(`select private.activity_log_expire(now() + interval '1 day', 1000) as n`)).rows).toEqual([{ n: 1 }])
    expect((await app.query('select count(*)::int as n from public.activity_log where id = $1', [id])).rows).toEqual([{ n: 0 }])
  })

  it('keeps saved replies: added, changed in their text, deleted; never truncated, never re-dated on creation', async () => {
    const added = await app.query(
      `insert into public.saved_replies (title, body_tr, body_en, created_at, updated_at)
       values ('Grants', 'Merhaba {ad}', 'Hello {ad}', now(), now()) returning id`,
    )
    const id = added.rows[0].id
    await app.query(`update public.saved_replies set title = 'Grants 2', body_en = 'Hi {ad}', updated_at = now() where id = $1`, [
      id,
    ])
    await expectDenied(app.query(`update public.saved_replies set created_at = now() where id = $1`, [id]))
    await expectDenied(app.query('truncate public.saved_replies'))
    expect((await app.query('delete from public.saved_replies where id = $1', [id])).rowCount).toBe(1)
  })

  it('keeps names and notes: a note is written and deleted, never rewritten but for an erased address', async () => {
    const email = 'grants-lead@example.com'
    await app.query('insert into public.admin_emails (email) values ($1)', [email])
    await app.query('insert into public.staff_profiles (email, display_name) values ($1, $2)', [email, 'Grants Kişi'])
    await app.query('update public.staff_profiles set signature = $2 where email = $1', [email, 'İmza'])
    await expectDenied(app.query('delete from public.staff_profiles where email = $1', [email]))
    const message = await app.query(
      `insert into public.contact_messages (name, email, message, owner_email) values ('Grants Lead', 'v@example.com', 'A lead for the grants test.', $1) returning id`,
      [email],
    )
    const id = message.rows[0].id
    const note = await app.query(
      `insert into public.lead_notes (message_id, author_email, body, created_at) values ($1, $2, 'İç not', now()) returning id`,
      [id, email],
    )
    await expectDenied(app.query(`update public.lead_notes set body = 'rewritten' where id = $1`, [note.rows[0].id]))
    await app.query(`update public.lead_notes set author_email = $2 where id = $1`, [note.rows[0].id, 'd'.repeat(64)])
    // Leaving the team unassigns the member's leads and takes their name with them.
    await app.query('delete from public.admin_emails where email = $1', [email])
    expect((await app.query('select owner_email from public.contact_messages where id = $1', [id])).rows).toEqual([
      { owner_email: null },
    ])
    expect((await app.query('select count(*)::int as n from public.staff_profiles where email = $1', [email])).rows).toEqual([
      { n: 0 },
    ])
    await app.query('delete from public.contact_messages where id = $1', [id])
    expect((await app.query('select count(*)::int as n from public.lead_notes where message_id = $1', [id])).rows).toEqual([
      { n: 0 },
    ])
  })

  it('keeps a passkey key: only its counter and last use change; it goes with its member', async () => {
    const email = 'grants-passkey@example.com'
    const id = 'Z'.repeat(43)
    await app.query('insert into public.admin_emails (email) values ($1)', [email])
    await app.query(
      `insert into public.staff_passkeys (id, email, user_handle, public_key, name) values ($1, $2, $3, '\\x0102', 'Telefon')`,
      [id, email, 'h'.repeat(43)],
    )
    await app.query('update public.staff_passkeys set counter = 3, last_used_at = now() where id = $1', [id])
    await expectDenied(app.query(`update public.staff_passkeys set public_key = '\\x03' where id = $1`, [id]))
    await expectDenied(app.query(`update public.staff_passkeys set email = 'x@example.com' where id = $1`, [id]))
    await app.query(`insert into public.passkey_proofs (token_hash, email, expires_at) values ($1, $2, now())`, [
      'a'.repeat(64),
      email,
    ])
    await expectDenied(app.query('update public.passkey_proofs set expires_at = now() where email = $1', [email]))
    await app.query('delete from public.admin_emails where email = $1', [email])
    const left = await app.query(
      `select (select count(*)::int from public.staff_passkeys where email = $1) as keys,
              (select count(*)::int from public.passkey_proofs where email = $1) as proofs`,
      [email],
    )
    expect(left.rows).toEqual([{ keys: 0, proofs: 0 }])
  })

  it('may do nothing beyond what the app does', async () => {
    await expectDenied(app.query(`delete from public.hero_settings where key = 'en-banner'`))
    await expectDenied(app.query(`update public.admin_emails set email = email`))
    await expectDenied(app.query(`update public.contact_message_counts set n = n`))
    await expectDenied(app.query(`insert into public.rate_limit_hits (key, hit_at, expires_at) values ('k', now(), now())`))
    await expectDenied(app.query('truncate public.contact_messages'))
    await expectDenied(app.query('select count(*) from auth.users'))
    await expectDenied(app.query('select count(*) from storage.objects'))
    await expectDenied(app.query('create table public.mine (id integer)'))
    // KVKK records: written once, never rewritten; requests are never deleted by the server.
    await expectDenied(app.query(`update public.destruction_records set count = count`))
    await expectDenied(app.query(`update public.privacy_requests set via = via`))
    await expectDenied(app.query('delete from public.privacy_requests'))
    await expectDenied(app.query(`update private.privacy_secrets set value = value`))
    await expectDenied(app.query('delete from private.privacy_secrets'))
  })

  it('adds site content versions and saves the draft, but never rewrites or deletes a version', async () => {
    const version = await app.query(
      `insert into public.site_content_versions (content, kind, created_by) values ('{"about":{}}', 'publish', 'a@example.com') returning id`,
    )
    const id = version.rows[0].id
    expect((await app.query('select kind from public.site_content_versions where id = $1', [id])).rows).toEqual([
      { kind: 'publish' },
    ])
    expect((await app.query(`update public.site_content_draft set revision = revision + 1 where id = 1`)).rowCount).toBe(1)
    await expectDenied(app.query(`update public.site_content_versions set content = '{}' where id = $1`, [id]))
    await expectDenied(app.query('delete from public.site_content_versions where id = $1', [id]))
    await expectDenied(app.query('delete from public.site_content_draft'))
    await expectDenied(app.query('insert into public.site_content_draft (id) values (1)'))
    // An erasure may take a publisher's address out, nothing else.
    expect((await app.query('update public.site_content_versions set created_by = null where id = $1', [id])).rowCount).toBe(1)
  })

  it('keeps the KVKK tables: destruction records written and aged out, requests recorded, the hash key stored once', async () => {
    await app.query(
      `insert into public.destruction_records (created_at, category, method, count) values (now(), 'messages', 'deletion', 2)`,
    )
    expect((await app.query('delete from public.destruction_records')).rowCount).toBeGreaterThan(0)
    await app.query(
      `insert into public.privacy_requests (created_at, action, via, subject_hash) values (now(), 'erase', 'cli', repeat('a', 64))`,
    )
    await app.query(`insert into private.privacy_secrets (name, value) values ('grants-test', repeat('b', 64))`)
    expect((await app.query(`select count(*)::int as n from private.privacy_secrets`)).rows).toEqual([{ n: 1 }])
    // The team history is kept: an erasure turns the address into its hash, and deletes no row.
    await expectDenied(app.query(`delete from public.admin_changes where email = 'nobody@example.com'`))
    await expectDenied(app.query(`update public.admin_changes set actor = null`))
  })

  it('keeps visit statistics: views counted, aggregates only added (and emptied by a restore), the salts out of the API', async () => {
    await app.query(`insert into private.visit_salts (day, salt) values ('2026-01-01', decode(repeat('ab', 32), 'hex'))`)
    await expectDenied(app.query(`update private.visit_salts set salt = salt`))
    expect((await app.query(`delete from private.visit_salts where day = '2026-01-01'`)).rowCount).toBe(1)
    await app.query(
      `insert into public.page_views (id, day, at, visitor, path, locale, device)
       values (gen_random_uuid(), '2026-01-01', now(), decode(repeat('cd', 16), 'hex'), '/', 'tr', 'phone')`,
    )
    await app.query(`update public.page_views set seconds = 5`)
    // page_views' trigger counts the view; the server's role may only read and empty the counts.
    expect((await app.query(`select views, visitors, entries from public.visit_live`)).rows).toEqual([
      { views: 1, visitors: 1, entries: 1 },
    ])
    await expectDenied(app.query(`update public.visit_live set views = views + 1`))
    expect((await app.query('delete from public.visit_live')).rowCount).toBe(1)
    expect((await app.query('delete from public.page_views')).rowCount).toBe(1)
    await expectDenied(app.query(`update public.visit_daily set views = views + 1`))
    await expectDenied(app.query(`update public.visit_daily_keys set views = views + 1`))
    await expectDenied(app.query(`update public.visit_rolled_days set rolled_at = now()`))
    for (const caller of CALLERS) await expectDenied(asCaller(caller, 'select * from private.visit_salts'))
  })

  it("reads the messages' search statistics through the one function made for it, not through pg_stats", async () => {
    await superuser.query(
      `insert into public.contact_messages (name, email, message)
       select 'Kişi ' || i, 'kisi' || i || '@example.com', 'Stats message number ' || i from generate_series(1, 40) i`,
    )
    await superuser.query('analyze public.contact_messages')
    try {
      // RLS hides the table's rows of pg_stats from the server's role (decision 187).
      const hidden = await app.query(`select attname from pg_stats where tablename = 'contact_messages'`)
      expect(hidden.rows).toEqual([])
      const { rows, fields } = await app.query('select * from private.message_search_stats()')
      // Only what the search's choices read: two columns' common values, shares and histogram.
      expect(fields.map((field) => field.name)).toEqual([
        'text_common',
        'text_shares',
        'text_histogram',
        'text_nulls',
        'start_common',
        'start_shares',
      ])
      expect(rows).toHaveLength(1)
      expect(rows[0].text_histogram).toContain('kişi 1\x01kisi1@example.com\x01stats message number 1')
      expect(rows[0].start_common).toContain('ex')
    } finally {
      await superuser.query(`delete from public.contact_messages where message like 'Stats %'`)
    }
  })

  it('is the only role that may run the statistics function, which runs with a fixed search path', async () => {
    const { rows } = await superuser.query(
      `select p.prosecdef as definer, p.provolatile as volatility, p.pronargs as args, p.proconfig as config,
              pg_get_userbyid(p.proowner) as owner,
              array(select coalesce(nullif(a.grantee, 0)::regrole::text, 'PUBLIC') from aclexplode(p.proacl) a
                    where a.privilege_type = 'EXECUTE' order by 1) as executors
       from pg_proc p where p.oid = 'private.message_search_stats()'::regprocedure`,
    )
    expect(rows).toEqual([
      {
        definer: true,
        volatility: 's',
        args: 0,
        config: ['search_path=""'],
        owner: 'postgres',
        executors: ['app_server', 'postgres'],
      },
    ])
    // A login role in none of the app's roles: PUBLIC has nothing.
    await expectDenied(authenticator.query('select * from private.message_search_stats()'))
  })

  it('may renew the statistics of the tables with personal data and merge the search indexes, each through its one function (decisions 193, 194)', async () => {
    const { rows } = await superuser.query(
      `select p.oid::regprocedure::text as name, p.prosecdef as definer, p.provolatile as volatility, p.pronargs as args,
              p.proconfig as config, pg_get_userbyid(p.proowner) as owner,
              array(select coalesce(nullif(a.grantee, 0)::regrole::text, 'PUBLIC') from aclexplode(p.proacl) a
                    where a.privilege_type = 'EXECUTE' order by 1) as executors
       from pg_proc p
       where p.oid in ('private.analyze_personal_data()'::regprocedure, 'private.merge_message_search_pending()'::regprocedure)
       order by 1`,
    )
    const expected = { definer: true, volatility: 'v', args: 0, config: ['search_path=""'], owner: 'postgres' }
    expect(rows).toEqual([
      { name: 'private.analyze_personal_data()', ...expected, executors: ['app_server', 'postgres'] },
      { name: 'private.merge_message_search_pending()', ...expected, executors: ['app_server', 'postgres'] },
    ])
    const analyzedAt = () =>
      superuser.query<{ at: Date | null }>(
        `select last_analyze as at from pg_stat_user_tables where relid = 'public.contact_messages'::regclass`,
      )
    const before = (await analyzedAt()).rows[0]!.at
    await app.query('select private.analyze_personal_data()')
    const after = (await analyzedAt()).rows[0]!.at
    expect(after).not.toBeNull()
    expect(after!.getTime()).toBeGreaterThan(before?.getTime() ?? 0)
    const merged = await app.query<{ pages: string }>('select private.merge_message_search_pending() as pages')
    expect(Number(merged.rows[0]!.pages)).toBeGreaterThanOrEqual(0)
    // The indexes' owner alone may merge them directly; the server's role only through the function.
    await expectDenied(app.query(`select gin_clean_pending_list('public.contact_messages_word_starts_idx'::regclass)`))
    await expectDenied(authenticator.query('select private.analyze_personal_data()'))
    await expectDenied(authenticator.query('select private.merge_message_search_pending()'))
  })

  it('no API role reads the hash key', async () => {
    for (const caller of CALLERS) await expectDenied(asCaller(caller, 'select * from private.privacy_secrets'))
  })

  it('hears a banner change on LISTEN banner_changes, with a JSON payload', async () => {
    const listener = await connect(db.appUrl)
    try {
      const heard = new Promise<pg.Notification>((resolve) => listener.once('notification', resolve))
      await listener.query('listen banner_changes')
      await app.query(`update public.hero_settings set image_url = '/uploads/live.png' where key = 'en-banner'`)
      const notification = await Promise.race([
        heard,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no notification in 2 s')), 2000)),
      ])
      expect(notification.channel).toBe('banner_changes')
      const payload = JSON.parse(notification.payload ?? '')
      expect(payload).toMatchObject({ key: 'en-banner', imageUrl: '/uploads/live.png' })
      expect(Number.isNaN(Date.parse(payload.updatedAt))).toBe(false)
    } finally {
      await listener.end()
    }
  })

  it('no longer publishes hero_settings to Realtime', async () => {
    const { rows } = await superuser.query(`select tablename from pg_publication_tables where pubname = 'supabase_realtime'`)
    expect(rows).toEqual([])
  })
})
