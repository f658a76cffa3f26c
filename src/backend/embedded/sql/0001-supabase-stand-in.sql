-- Stands in for what every Supabase project has before its migrations run, so that
-- supabase/migrations/*.sql apply to PGlite unchanged. Embedded only; never shipped to Supabase.
-- The embedded server connects as the superuser and authorizes each call itself, so it needs
-- none of these grants; they are Supabase's own, so that the migrations' revokes, grants and
-- policies mean here what they mean there, and the RLS tests (src/backend/embedded/rls.test.ts)
-- can check them role by role. See docs/decisions/002-embedded-schema.md.

-- Roles named by the migrations' GRANT and policy clauses. CREATE ROLE has no IF NOT EXISTS.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

-- What Supabase grants on the public schema: usage, and everything on every object the
-- migrations create there (the default privileges of the role that runs them). The security
-- migration takes it back from anon and authenticated.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

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
