-- Tables, constraints and indexes. Plain PostgreSQL: the embedded backend (PGlite) applies
-- this file unchanged, after a small prelude that stands in for Supabase's auth and storage.
-- Lengths mirror src/lib/limits.ts.

create extension if not exists pg_trgm;

-- Helpers that policies, triggers and the server call live in `private`, a schema the Data API
-- does not expose (it serves `public`), so none of them can be called over HTTP. Its grants are
-- in the security migration.
create schema if not exists private;

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 2 and 100),
  email text not null check (char_length(email) between 3 and 254),
  message text not null check (char_length(message) between 10 and 5000),
  status text not null default 'new' check (status in ('new', 'read', 'archived')),
  created_at timestamptz not null default now(),
  read_at timestamptz,
  ip_address text check (ip_address is null or char_length(ip_address) <= 64)
);

-- The inbox lists newest first, optionally by status, and pages through the result.
create index contact_messages_created_idx on public.contact_messages (created_at desc, id desc);
create index contact_messages_status_created_idx on public.contact_messages (status, created_at desc, id desc);
-- Case-insensitive partial search (ILIKE '%q%') on name, e-mail or message.
create index contact_messages_name_trgm_idx on public.contact_messages using gin (name gin_trgm_ops);
create index contact_messages_email_trgm_idx on public.contact_messages using gin (email gin_trgm_ops);
create index contact_messages_message_trgm_idx on public.contact_messages using gin (message gin_trgm_ops);

create table public.admin_emails (
  email text primary key check (email = lower(email) and char_length(email) between 3 and 254),
  created_at timestamptz not null default now()
);

create table public.hero_settings (
  key text primary key check (key in ('tr-banner', 'en-banner')),
  image_url text check (image_url is null or char_length(image_url) <= 2048),
  title text check (title is null or char_length(title) <= 200),
  badge text check (badge is null or char_length(badge) <= 10),
  updated_at timestamptz not null default now()
);

-- updated_at is the database's to keep: every writer (the app, the dashboard, SQL) gets the same
-- clock, and the public page's `?v=<stamp>` cache-buster changes on every update.
create function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := pg_catalog.now();
  return new;
end;
$$;

create trigger hero_settings_touch_updated_at
  before update on public.hero_settings
  for each row execute function private.touch_updated_at();

insert into public.hero_settings (key, image_url, title, badge) values
  ('en-banner', '/uploads/hero-en.png', 'English Banner', 'EN'),
  ('tr-banner', '/uploads/hero-tr.png', 'Türkçe Banner', 'TR')
on conflict (key) do nothing;
