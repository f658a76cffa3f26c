-- Stands in for what every Supabase project has before its migrations run, so that
-- supabase/migrations/*.sql apply to PGlite unchanged. Embedded only; never shipped to Supabase.
-- The embedded server connects as the superuser and authorizes each call itself, so none of
-- this grants anything: it only has to exist. See docs/decisions/002-embedded-schema.md.

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

-- auth.jwt() and auth.uid(): there is never a JWT here, so policies calling them see "nobody"
-- (public.is_admin() is false for every role but the superuser, which bypasses RLS anyway).
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create or replace function auth.jwt() returns jsonb
language sql stable as $$ select null::jsonb $$;

create or replace function auth.uid() returns uuid
language sql stable as $$ select null::uuid $$;

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

-- PGlite accepts CREATE PUBLICATION (it is only a catalog entry; nothing reads it here).
-- Live banner updates come from the adapter's in-process event emitter instead.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
