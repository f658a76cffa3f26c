-- The server talks SQL to this database (DATABASE_URL) as a login role in `app_server`; the
-- Data API (PostgREST) reads none of the app's tables any more, so no API role (anon,
-- authenticated, service_role) keeps any privilege on them. Supabase projects created since
-- 2026-05-30 no longer grant the API roles select/insert/update/delete on new tables in public
-- (changelog 45329), but still grant TRUNCATE, REFERENCES, TRIGGER and MAINTAIN, and older
-- projects kept everything: this file takes all of it back, names exactly what the server may do,
-- and keeps RLS on as a second wall. See docs/decisions/073-database-grants.md.
-- Plain PostgreSQL: it also applies on PGlite after the embedded stand-in prelude.

-- 1. Extensions out of public (Supabase advisor: extension_in_public). The trigram indexes keep
--    working: an index refers to its operator class, not to a schema. On Supabase the schema
--    exists already, and `postgres` may move pg_trgm because Supabase's supautils runs ALTER
--    EXTENSION … SET SCHEMA as its superuser. A plain PostgreSQL lets a database owner that is no
--    superuser create pg_trgm (a trusted extension) but not move it, since its functions belong
--    to the superuser: there it stays in public, where no Data API serves it.
create schema if not exists extensions;
do $$
begin
  alter extension pg_trgm set schema extensions;
exception when insufficient_privilege then
  raise notice 'pg_trgm stays in schema public: moving it needs a superuser on this server';
end
$$;

-- 2. Nothing for the API roles, now or on what later migrations create.
revoke all on table public.contact_messages, public.contact_message_counts, public.admin_emails,
  public.hero_settings, public.rate_limit_hits from anon, authenticated, service_role;
revoke all on sequence public.rate_limit_hits_id_seq from anon, authenticated, service_role;
-- Wrappers the Data API called; the server calls the private functions in SQL instead.
drop function if exists public.rate_limit_hit(text, integer, integer);
drop function if exists public.rate_limit_check(text, integer, integer);
revoke all on all functions in schema private from public, anon, authenticated, service_role;
revoke all on schema private from public, anon, authenticated, service_role;
alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;
alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;

-- 3. The server's role. NOLOGIN: the server logs in as a role of its own made a member of it
--    (docs/supabase.md). CREATE ROLE has no IF NOT EXISTS, and roles are cluster-wide.
do $$
begin
  if not exists (select from pg_catalog.pg_roles where rolname = 'app_server') then
    create role app_server nologin;
  end if;
end
$$;

grant usage on schema public, private to app_server;
grant select, insert, update, delete on public.contact_messages to app_server;
grant select on public.contact_message_counts to app_server;
grant select, insert, delete on public.admin_emails to app_server;
grant select, insert, update on public.hero_settings to app_server;
-- Hits are written by private.rate_limit_hit (SECURITY DEFINER); the server only reads and
-- clears a key.
grant select, delete on public.rate_limit_hits to app_server;
grant execute on function private.rate_limit_hit(text, integer, integer) to app_server;
grant execute on function private.rate_limit_check(text, integer, integer) to app_server;

-- app_server neither owns the tables nor bypasses RLS, so RLS needs a policy to let it in; the
-- grants above say what it may do. The older policies for `authenticated` stay, unreachable
-- without grants.
create policy "server: all" on public.contact_messages for all to app_server using (true) with check (true);
create policy "server: all" on public.contact_message_counts for all to app_server using (true) with check (true);
create policy "server: all" on public.admin_emails for all to app_server using (true) with check (true);
create policy "server: all" on public.hero_settings for all to app_server using (true) with check (true);
create policy "server: all" on public.rate_limit_hits for all to app_server using (true) with check (true);

-- 4. Live banner events: every server instance LISTENs on `banner_changes`; Realtime no longer
--    carries hero_settings. pg_notify sends when the writing transaction commits.
create function private.notify_banner_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_notify('banner_changes', pg_catalog.json_build_object(
    'key', new.key, 'imageUrl', new.image_url, 'updatedAt', new.updated_at)::text);
  return null;
end;
$$;

revoke all on function private.notify_banner_change() from public, anon, authenticated, service_role;

create trigger hero_settings_notify_banner_change
  after insert or update on public.hero_settings
  for each row execute function private.notify_banner_change();

do $$
begin
  if exists (select from pg_catalog.pg_publication_tables
             where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'hero_settings') then
    alter publication supabase_realtime drop table public.hero_settings;
  end if;
end
$$;

-- 5. Storage. The bucket is public: Storage serves its files by URL without asking RLS, so a
--    read policy only let anyone list every file (advisor: public_bucket_allows_listing). The
--    upload policy goes too: the server uploads with the service key after checking the admin and
--    the image itself, and an admin's own token should not reach the bucket around those checks.
drop policy if exists "images: public read" on storage.objects;
drop policy if exists "images: admins upload" on storage.objects;
