-- The Supabase platform prelude: what a new Supabase project's database holds before
-- `supabase db push` applies supabase/migrations, reproduced from Supabase's own published SQL
-- on a stock PostgreSQL 17 (tests/support/postgres-server.ts). Test support only; never shipped.
--
-- Run as the bootstrap superuser `supabase_admin`, connected to a fresh database, which
-- tests/support/test-database.ts then hands to `postgres`, as migrate.sh below does with
-- `alter database postgres owner to postgres` (PostgreSQL 15+ makes the database owner the owner
-- of schema public through pg_database_owner). Roles are cluster-wide: that part is idempotent.
--
-- How Supabase builds a project database (supabase/postgres, migrations/db/migrate.sh at
-- ab7f879b, mirror HEAD 7db7e1a9e34b9ffb9b0e3372ccf08eb4fa772f4b): `postgres` is created as a
-- superuser, migrations/db/init-scripts/*.sql run AS `postgres` (so everything they create is
-- owned by `postgres`), then migrations/db/migrations/*.sql run as `supabase_admin`, and the
-- first of those (10000000000000_demote-postgres.sql) takes superuser away from `postgres`.
-- The Auth and Storage services then run their own migrations as supabase_auth_admin and
-- supabase_storage_admin. Only what the app's migrations and tests touch is reproduced here;
-- left out: pgsodium/vault, pg_graphql, pg_net/pg_cron hooks, the PostgREST schema-cache event
-- triggers, the realtime schema, safeupdate, and the supautils extension (stood in for in
-- sections 1 and 2).

-------------------------------------------------------------------------------------------------
-- 1. Roles and their attributes.
--    supabase/postgres init-scripts/00000000000000-initial-schema.sql (ab7f879b; the 2026 version
--      in the code index at 09a4e4e31828a990e26b00d2094606836f4f3f0e is the same for these roles):
--      supabase_admin superuser; anon, authenticated nologin; service_role nologin bypassrls;
--      authenticator a login role that holds the three API roles.
--    init-scripts/00000000000001-auth-schema.sql, 00000000000002-storage-schema.sql (8ba839fe):
--      supabase_auth_admin, supabase_storage_admin noinherit login noreplication.
--    migrations/10000000000000_demote-postgres.sql (8ba839fe):
--      `alter role postgres nosuperuser createdb createrole login replication bypassrls`.
--    migrations/20221103090837_revoke_admin.sql (089f2c7a): supabase_admin taken from authenticator.
--    migrations/20230201083204_grant_auth_roles_to_postgres.sql (f6c0f166), and for PostgreSQL 16+
--      20250605172253_grant_with_admin_to_postgres_16_and_above.sql (index e0ee3c5b3d30b48cc6305c54d604d0df7e5b5e33):
--      anon, authenticated, service_role granted to postgres WITH ADMIN OPTION.
--    migrations/20230529180330_alter_api_roles_for_inherit.sql (a1ecec8f): the API roles inherit.
--    migrations/20230306081037_grant_pg_monitor_to_postgres.sql (c2c2ed1f),
--      20240606060239_grant_predefined_roles_to_postgres.sql (e796aad4): pg_monitor,
--      pg_read_all_data, pg_signal_backend to postgres.
--    migrations/20231013070755_grant_authenticator_to_supabase_storage_admin.sql (15cc0781).
--    migrations/20260821154147_revoke_createrole_from_auth_admin.sql (index 853417021f98731caff68851d62f3847ae00d74a).
--    migrations/20250421084701_revoke_admin_roles_from_postgres.sql (index 96d8873887e1ec3b668629884d0d53380b2e2145):
--      postgres is no longer a member of supabase_auth_admin or supabase_storage_admin.
--
--    One deliberate difference: on Supabase, `postgres` may create policies on storage.objects
--    (which supabase_storage_admin owns) only through the supautils extension, configured with
--    `supautils.policy_grants = '{"postgres":[..."storage.objects"...]}'` (supabase/postgres
--    ansible/files/postgresql_config/supautils.conf.j2, 263aa1e1). Stock PostgreSQL has no such
--    extension: only membership in the owning role lets a non-superuser create a policy, so
--    `postgres` is given supabase_storage_admin here, as Supabase itself did before 20250421.
-------------------------------------------------------------------------------------------------
do $$
declare
  r text;
begin
  foreach r in array array['postgres', 'anon', 'authenticated', 'service_role', 'authenticator',
                           'supabase_auth_admin', 'supabase_storage_admin'] loop
    if not exists (select from pg_roles where rolname = r) then
      execute format('create role %I', r);
    end if;
  end loop;
end
$$;

alter role supabase_admin with superuser createdb createrole replication bypassrls;
alter role postgres with nosuperuser createdb createrole login replication bypassrls;
alter role anon with nologin inherit nobypassrls;
alter role authenticated with nologin inherit nobypassrls;
alter role service_role with nologin inherit bypassrls;
alter role authenticator with login noinherit;
alter role supabase_auth_admin with login noinherit nocreaterole noreplication;
alter role supabase_storage_admin with login noinherit createrole noreplication;

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres with admin option;
grant pg_monitor, pg_read_all_data, pg_signal_backend to postgres;
grant authenticator to supabase_storage_admin;
-- Stands in for supautils.policy_grants (see above).
grant supabase_storage_admin to postgres;

-- init-scripts/00000000000003-post-setup.sql (c67969bc): the default search_path of the roles
-- that run SQL; initial-schema.sql, migrations/20221028101028_set_authenticator_timeout.sql and
-- 20231130133139_set_lock_timeout_to_authenticator_role.sql: the API roles' timeouts.
alter role supabase_admin set search_path to "$user", public, auth, extensions;
alter role postgres set search_path to "$user", public, extensions;
alter role supabase_auth_admin set search_path to auth;
alter role supabase_storage_admin set search_path to storage;
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';

-------------------------------------------------------------------------------------------------
-- 2. Realtime publication, extensions schema and schema public.
--    init-scripts/00000000000000-initial-schema.sql (ab7f879b), run as `postgres` while it was
--    still a superuser: so `postgres` owns the supabase_realtime publication (and may add or
--    drop its own tables) and the extensions schema.
-------------------------------------------------------------------------------------------------
create publication supabase_realtime;
alter publication supabase_realtime owner to postgres;

create schema if not exists extensions authorization postgres;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;

-- Supabase lets `postgres` create and move its "privileged" extensions (pg_trgm among them)
-- through supautils, which runs CREATE EXTENSION and ALTER EXTENSION … SET SCHEMA as
-- supabase_admin (supabase/supautils src/supautils.c, 6296606, mirror HEAD
-- 7e8cfb7ec62a674a7bb28cbbf78b9612838b8468; the list in supautils.conf.j2 above). Stock
-- PostgreSQL lets a non-superuser create a trusted extension such as pg_trgm, but its objects then
-- belong to the bootstrap superuser and ALTER EXTENSION … SET SCHEMA fails ("must be owner of
-- function set_limit"). This event trigger, in the style of Supabase's own grant_pg_*_access hooks
-- (post-setup.sql), gives the objects of an extension a non-superuser created to that role, so
-- that the same two statements succeed here as there.
create function extensions.stand_in_privileged_extensions()
returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  ext record;
  member record;
begin
  for ext in
    select e.oid, pg_catalog.pg_get_userbyid(e.extowner) as owner
    from pg_catalog.pg_event_trigger_ddl_commands() c
    join pg_catalog.pg_extension e on e.oid = c.objid
    join pg_catalog.pg_roles r on r.oid = e.extowner
    where c.classid = 'pg_catalog.pg_extension'::pg_catalog.regclass and not r.rolsuper
  loop
    for member in
      select o.type, o.identity
      from pg_catalog.pg_depend d, pg_catalog.pg_identify_object(d.classid, d.objid, 0) o
      where d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass and d.refobjid = ext.oid
        and d.deptype = 'e'
        and o.type in ('function', 'aggregate', 'procedure', 'type', 'operator', 'operator class', 'operator family')
        -- An array type follows its element type.
        and not exists (select from pg_catalog.pg_type t where d.classid = 'pg_catalog.pg_type'::pg_catalog.regclass
                        and t.oid = d.objid and t.typcategory = 'A')
    loop
      execute pg_catalog.format('alter %s %s owner to %I', member.type, member.identity, ext.owner);
    end loop;
  end loop;
end;
$$;
create event trigger stand_in_privileged_extensions on ddl_command_end
  when tag in ('CREATE EXTENSION')
  execute function extensions.stand_in_privileged_extensions();

grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;

-------------------------------------------------------------------------------------------------
-- 3. New projects since 2026-05-30 (every project since 2026-10-30; Supabase changelog 45329):
--    no automatic Data API grants on what `postgres` creates in public.
--    supabase/cli apps/cli-go/internal/db/start/start.go (bbc552340, mirror HEAD
--    1d1e7191268e068fe9cb6aba524d1c619a9c727b), RevokeDefaultDataApiPrivilegesSql, "matches the
--    SQL that Studio runs at cloud project creation when the 'Default privileges for new
--    entities' toggle is off". Copied as it is: note that it takes back only select, insert,
--    update and delete, so a new table still gives the API roles TRUNCATE, REFERENCES, TRIGGER
--    and MAINTAIN (the rest of the `grant all` above) until a migration revokes those too.
-------------------------------------------------------------------------------------------------
alter default privileges for role postgres in schema public
  revoke select, insert, update, delete on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  revoke usage, select on sequences from anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  revoke execute on functions from anon, authenticated, service_role;

-------------------------------------------------------------------------------------------------
-- 4. Schema auth: owned by supabase_admin, its tables and functions by supabase_auth_admin.
--    supabase/postgres init-scripts/00000000000001-auth-schema.sql (8ba839fe),
--    migrations/20211124212715_update-auth-owner.sql; supabase/auth (mirror HEAD
--    bc32168e13fdc928c98b449fc76bc3fdb9a293c5) migrations/00_init_auth_schema.up.sql (206fc090,
--    auth.users, a few of its columns here), 20220224000811_update_auth_functions.up.sql
--    (e062eeae, auth.uid()), 20220531120530_add_auth_jwt_function.up.sql (3b77d62d, auth.jwt()),
--    20240612123726_enable_rls_update_grants.up.sql (28967aa4, RLS on, select to postgres).
-------------------------------------------------------------------------------------------------
create schema auth authorization supabase_admin;
grant usage on schema auth to anon, authenticated, service_role, postgres;
grant all on schema auth to supabase_auth_admin;

create table auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  created_at timestamptz,
  updated_at timestamptz
);
alter table auth.users owner to supabase_auth_admin;
alter table auth.users enable row level security;
grant select on auth.users to postgres with grant option;

create function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;

-------------------------------------------------------------------------------------------------
-- 5. Schema storage: owned by supabase_admin, its tables by supabase_storage_admin, RLS on, and
--    the API roles granted everything on buckets and objects (policies alone decide).
--    supabase/postgres init-scripts/00000000000002-storage-schema.sql (8ba839fe),
--    migrations/20250709135250_grant_storage_schema_to_postgres_with_grant_option.sql (index
--    3d31e9caf947a8609180261aed792f5129082701); supabase/storage (mirror HEAD
--    4fa61fba9371c4bd40cbb81509f07bcb3af21683) migrations/tenant/0002-storage-schema.sql
--    (e89d526f), 0007-add-rls-to-buckets.sql, 0008-add-public-to-buckets.sql,
--    0013-add-bucket-custom-limits.sql, 0014-use-bytes-for-max-size.sql,
--    0018-add_owner_id_column_deprecate_owner.sql (b0331a1a), 0046-buckets-objects-grants.sql
--    (340d1b3d), 0049-buckets-objects-grants-postgres.sql (c9a912ad). Columns: those the app's
--    migrations and the Storage API's listing use.
-------------------------------------------------------------------------------------------------
create schema storage authorization supabase_admin;
grant usage on schema storage to anon, authenticated, service_role;
grant usage on schema storage to postgres with grant option;
grant all on schema storage to supabase_storage_admin;

create table storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  owner_id text,
  public boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create unique index bname on storage.buckets using btree (name);

create table storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now()
);
create unique index bucketid_objname on storage.objects using btree (bucket_id, name);

alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to postgres with grant option;
