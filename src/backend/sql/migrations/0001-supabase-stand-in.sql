-- Stands in for what every Supabase project has before its migrations run, so that
-- supabase/migrations/*.sql apply unchanged to PGlite (embedded mode) and to any PostgreSQL
-- server (postgres mode); never shipped to Supabase, whose platform sets all this up itself
-- (tests/support/supabase-platform.sql reproduces that setup for the tests). The server
-- authorizes each call itself; these roles, grants and policies are Supabase's own, so that the
-- migrations' revokes, grants and policies mean here what they mean there.
-- See docs/decisions/075-one-sql-core.md.

-- Roles named by the migrations' GRANT and policy clauses. CREATE ROLE has no IF NOT EXISTS.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  -- Only a role with BYPASSRLS may give it, and a managed server's database owner (CREATEROLE,
  -- not superuser) usually lacks it. Nothing logs in as service_role outside Supabase (and the
  -- grants migration leaves it nothing), so it goes without there.
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    if (select rolsuper or rolbypassrls from pg_roles where rolname = current_user) then
      create role service_role nologin noinherit bypassrls;
    else
      create role service_role nologin noinherit;
    end if;
  end if;
end
$$;

-- What Supabase grants on the public schema: usage only. Projects created since 2026-05-30 get
-- no default grants on the tables, sequences and functions created in it (Supabase changelog
-- entry 45329); the migrations grant each role what it needs, explicitly.
grant usage on schema public to anon, authenticated, service_role;

-- Supabase keeps extensions in their own schema, outside what the Data API serves.
create schema if not exists extensions;

-- auth.jwt() and auth.uid() exactly as Supabase Auth defines them: PostgREST puts the verified
-- JWT's claims in the transaction setting request.jwt.claims. The embedded server never sets it,
-- so its policies see "nobody"; the RLS tests set it to sign in as someone.
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create or replace function auth.jwt() returns jsonb
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

-- The columns of Supabase Storage that the migrations and the embedded file store use.
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  public boolean not null default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text not null references storage.buckets (id),
  name text not null,
  owner uuid,
  -- { mimetype, size, cacheControlSeconds } for the embedded file store.
  metadata jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (bucket_id, name)
);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
-- Supabase Storage leaves the tables open to the API roles and guards them with policies only.
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

-- PGlite accepts CREATE PUBLICATION (it is only a catalog entry; nothing reads it here).
-- Live banner updates come from the adapter's in-process event emitter instead.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
