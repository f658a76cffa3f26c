/**
 * Row level security and grants of supabase/migrations, role by role, on PGlite: the real
 * migration files after the embedded prelude, which creates Supabase's roles, its default
 * privileges and auth.jwt() exactly as Supabase defines it (reading request.jwt.claims). Each
 * statement runs in its own transaction as the role (SET LOCAL ROLE, the way PostgREST does it)
 * and is rolled back. The tables belong to the superuser that ran the migrations, never to the
 * role under test, so RLS applies to it in full.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEED_ADMIN_EMAIL, SEED_STAFF_EMAIL } from './index.server'
import { openTestBackend, type TestBackend } from './test-harness.server'

type Who = 'anon' | 'service_role' | { email: string }
type Outcome = { rows: Record<string, unknown>[]; affected: number } | { error: string }

const OTHER_ADMIN = 'second.admin@example.com'
const denied = { error: expect.stringMatching(/^permission denied for (table|schema|function)/) }
const rlsViolation = { error: expect.stringMatching(/violates row-level security policy/) }

let t: TestBackend
beforeAll(async () => {
  t = await openTestBackend()
  await t.db.query('insert into public.admin_emails (email) values ($1)', [OTHER_ADMIN])
})
afterAll(async () => {
  await t.dispose()
})

/** Runs one statement as `who` (a signed-in user when given an e-mail) and rolls it back. */
async function as(who: Who, sql: string, params: unknown[] = []): Promise<Outcome> {
  const role = typeof who === 'string' ? who : 'authenticated'
  const claims = typeof who === 'string' ? { role } : { sub: crypto.randomUUID(), email: who.email, role, aud: role }
  let outcome: Outcome = { error: 'not run' }
  try {
    await t.db.transaction(async (tx) => {
      await tx.exec(`set local role ${role}`)
      await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(claims)])
      const result = await tx.query<Record<string, unknown>>(sql, params)
      outcome = { rows: result.rows, affected: result.affectedRows ?? 0 }
      await tx.rollback()
    })
  } catch (error) {
    outcome = { error: (error as Error).message }
  }
  return outcome
}

const rows = (outcome: Outcome) => ('rows' in outcome ? outcome.rows : outcome)
const admin = { email: SEED_ADMIN_EMAIL }
const staff = { email: SEED_STAFF_EMAIL }
// No RETURNING: it would need SELECT too, and so fail for a reason other than the one under test.
const newMessage = `insert into public.contact_messages (name, email, message) values ('Eve', 'eve@example.com', 'Let me in, please.')`
const saveBanner = `insert into public.hero_settings (key, image_url, title, badge) values ('tr-banner', '/uploads/x.png', 'T', 'TR')
  on conflict (key) do update set image_url = excluded.image_url, title = excluded.title, badge = excluded.badge
  returning key, image_url, updated_at`
const uploadImage = `insert into storage.objects (bucket_id, name) values ('industry-images', 'hero-tr-banner-1.png') returning name`

describe('the setting', () => {
  it('runs each statement as the role under test, on tables that role does not own', async () => {
    expect(rows(await as('anon', 'select current_user as role'))).toEqual([{ role: 'anon' }])
    expect(rows(await as(admin, "select current_user as role, auth.jwt() ->> 'email' as email"))).toEqual([
      { role: 'authenticated', email: SEED_ADMIN_EMAIL },
    ])
    const owners = await t.db.query<{ owner: string; rls: boolean }>(
      `select distinct pg_get_userbyid(relowner) as owner, relrowsecurity as rls
       from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`,
    )
    expect(owners.rows).toEqual([{ owner: 'postgres', rls: true }])
  })

  it('grants anon and authenticated exactly this much; RLS narrows it further', async () => {
    const { rows: grants } = await t.db.query<{ grant: string }>(`
      select r.rolname || ' ' || c.relname || ' ' || p as grant
      from pg_class c cross join (values ('anon'), ('authenticated')) r (rolname)
        cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) p
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'S')
        and has_table_privilege(r.rolname, c.oid, p)
      union all
      select r.rolname || ' ' || a.attrelid::regclass || '.' || a.attname || ' SELECT'
      from pg_attribute a cross join (values ('anon'), ('authenticated')) r (rolname)
      where a.attrelid = 'public.hero_settings'::regclass and a.attnum > 0
        and has_column_privilege(r.rolname, a.attrelid, a.attnum, 'SELECT')
      union all
      select r.rolname || ' ' || f.oid::regprocedure || ' EXECUTE'
      from pg_proc f cross join (values ('anon'), ('authenticated')) r (rolname)
      where f.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
        and not exists (select 1 from pg_depend d where d.objid = f.oid and d.deptype = 'e')
        and has_function_privilege(r.rolname, f.oid, 'EXECUTE')
      order by 1`)
    expect(grants.map((g) => g.grant)).toEqual([
      'anon hero_settings.image_url SELECT',
      'anon hero_settings.key SELECT',
      'anon hero_settings.updated_at SELECT',
      'authenticated admin_emails SELECT',
      'authenticated contact_messages DELETE',
      'authenticated contact_messages SELECT',
      'authenticated contact_messages UPDATE',
      'authenticated hero_settings INSERT',
      'authenticated hero_settings UPDATE',
      'authenticated hero_settings.badge SELECT',
      'authenticated hero_settings.image_url SELECT',
      'authenticated hero_settings.key SELECT',
      'authenticated hero_settings.title SELECT',
      'authenticated hero_settings.updated_at SELECT',
      'authenticated private.is_admin() EXECUTE',
    ])
  })
})

describe('anon (the public key)', () => {
  it('reads the public banner columns, and nothing else of them', async () => {
    expect(rows(await as('anon', 'select key, image_url, updated_at from public.hero_settings order by key'))).toHaveLength(2)
    expect(await as('anon', 'select title from public.hero_settings')).toEqual(denied)
  })

  it('cannot read, send, change or delete contact messages', async () => {
    for (const sql of [
      'select * from public.contact_messages',
      newMessage,
      "update public.contact_messages set status = 'read'",
      'delete from public.contact_messages',
    ]) {
      expect(await as('anon', sql), sql).toEqual(denied)
    }
  })

  it('cannot write banners, read the admin list, upload images or reach the private helpers', async () => {
    expect(await as('anon', saveBanner)).toEqual(denied)
    expect(await as('anon', 'update public.hero_settings set image_url = null')).toEqual(denied)
    expect(await as('anon', 'select * from public.admin_emails')).toEqual(denied)
    expect(await as('anon', uploadImage)).toEqual(rlsViolation)
    expect(await as('anon', 'select private.is_admin()')).toEqual(denied)
  })
})

describe('a signed-in user who is not an admin', () => {
  it('sees no messages and changes none', async () => {
    expect(rows(await as(staff, 'select id from public.contact_messages'))).toEqual([])
    expect(await as(staff, "update public.contact_messages set status = 'archived'")).toMatchObject({ affected: 0 })
    expect(await as(staff, 'delete from public.contact_messages')).toMatchObject({ affected: 0 })
    expect(await as(staff, newMessage)).toEqual(denied)
  })

  it('cannot write banners or upload images', async () => {
    expect(await as(staff, saveBanner)).toEqual(rlsViolation)
    expect(await as(staff, 'update public.hero_settings set image_url = null')).toMatchObject({ affected: 0 })
    expect(await as(staff, uploadImage)).toEqual(rlsViolation)
  })

  it('sees no admin rows, its own (absent) or anyone else’s', async () => {
    expect(rows(await as(staff, 'select email from public.admin_emails'))).toEqual([])
    expect(rows(await as(staff, 'select private.is_admin() as admin'))).toEqual([{ admin: false }])
  })

  it('is not an admin without an e-mail claim', async () => {
    expect(rows(await as({ email: '' }, 'select count(*)::int as n from public.contact_messages'))).toEqual([{ n: 0 }])
  })
})

describe('an admin (e-mail claim on the admin list)', () => {
  it('reads, searches, updates and deletes messages', async () => {
    expect(rows(await as(admin, 'select count(*)::int as n from public.contact_messages'))).toEqual([{ n: 8 }])
    expect(
      rows(await as(admin, "select count(*)::int as n from public.contact_messages where message ilike '%teklif%'")),
    ).toEqual([{ n: 1 }])
    expect(
      await as(admin, "update public.contact_messages set status = 'archived', read_at = now() where status = 'new'"),
    ).toMatchObject({ affected: 3 })
    expect(await as(admin, 'delete from public.contact_messages')).toMatchObject({ affected: 8 })
  })

  it('is recognised whatever the case of the claim', async () => {
    expect(rows(await as({ email: SEED_ADMIN_EMAIL.toUpperCase() }, 'select private.is_admin() as admin'))).toEqual([
      { admin: true },
    ])
  })

  it('still cannot insert messages: only the server does, with the service role', async () => {
    expect(await as(admin, newMessage)).toEqual(denied)
  })

  it('saves, updates and lists banners; the trigger stamps updated_at', async () => {
    const before = rows(await as(admin, "select updated_at from public.hero_settings where key = 'tr-banner'")) as {
      updated_at: Date
    }[]
    const saved = rows(await as(admin, saveBanner)) as { key: string; updated_at: Date }[]
    expect(saved).toMatchObject([{ key: 'tr-banner', image_url: '/uploads/x.png' }])
    expect(saved[0]!.updated_at.getTime()).toBeGreaterThan(before[0]!.updated_at.getTime())
    expect(await as(admin, "update public.hero_settings set image_url = null, updated_at = '2000-01-01'")).toMatchObject({
      affected: 2,
    })
    const listed = rows(await as(admin, 'select key, title, badge, updated_at from public.hero_settings order by key')) as {
      updated_at: Date
    }[]
    expect(listed).toHaveLength(2)
    expect(listed.every((b) => b.updated_at.getFullYear() > 2000)).toBe(true)
  })

  it('uploads images to the bucket', async () => {
    expect(rows(await as(admin, uploadImage))).toEqual([{ name: 'hero-tr-banner-1.png' }])
  })

  it('sees only its own admin row', async () => {
    expect(rows(await as(admin, 'select email from public.admin_emails'))).toEqual([{ email: SEED_ADMIN_EMAIL }])
  })
})

describe('rate limits', () => {
  it('are out of reach of anon and signed-in users, admins included', async () => {
    for (const who of ['anon', staff, admin] as const) {
      expect(await as(who, 'select * from public.rate_limit_hits')).toEqual(denied)
      expect(await as(who, "select public.rate_limit_hit('k', 1, 60)")).toEqual(denied)
      expect(await as(who, "select public.rate_limit_check('k', 1, 60)")).toEqual(denied)
      expect(await as(who, "select private.rate_limit_hit('k', 1, 60)")).toEqual(denied)
      expect(await as(who, 'delete from public.rate_limit_hits')).toEqual(denied)
    }
  })
})

describe('service_role (the server)', () => {
  it('inserts and reads messages and counts rate limits', async () => {
    expect(await as('service_role', newMessage)).toMatchObject({ affected: 1 })
    expect(rows(await as('service_role', 'select count(*)::int as n from public.contact_messages'))).toEqual([{ n: 8 }])
    expect(rows(await as('service_role', "select public.rate_limit_hit('k', 1, 60) as wait"))).toEqual([{ wait: 0 }])
    expect(rows(await as('service_role', 'select count(*)::int as n from public.admin_emails'))).toEqual([{ n: 2 }])
  })
})
