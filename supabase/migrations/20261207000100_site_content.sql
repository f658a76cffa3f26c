-- The landing page's content as data (docs/decisions/210-site-content-as-data.md): one shared
-- draft, and every published version kept. Plain PostgreSQL: every mode applies it.

-- 1. Every published version, never changed: the newest is what visitors see; none means the
--    defaults (messages/*.json). Restoring inserts a copy, so history only grows.
create table public.site_content_versions (
  id bigint generated always as identity primary key,
  content jsonb not null check (jsonb_typeof(content) = 'object' and pg_column_size(content) < 1000000),
  kind text not null check (kind in ('publish', 'restore', 'defaults')),
  restored_from bigint,
  created_by text check (created_by is null or char_length(created_by) between 1 and 254),
  created_at timestamptz not null default now()
);

-- 2. The one draft staff share; `revision` goes up with every save and publish, so a save made
--    from an older revision is refused instead of overwriting a colleague's.
create table public.site_content_draft (
  id smallint primary key default 1 check (id = 1),
  content jsonb check (content is null or (jsonb_typeof(content) = 'object' and pg_column_size(content) < 1000000)),
  revision integer not null default 0,
  updated_by text check (updated_by is null or char_length(updated_by) between 1 and 254),
  updated_at timestamptz
);
insert into public.site_content_draft (id) values (1);

alter table public.site_content_versions enable row level security;
alter table public.site_content_draft enable row level security;
revoke all on table public.site_content_versions, public.site_content_draft from anon, authenticated, service_role;
revoke all on sequence public.site_content_versions_id_seq from anon, authenticated, service_role;

-- The server reads and adds versions, never rewrites one; only an erasure takes a publisher's address out.
grant select, insert on public.site_content_versions to app_server;
grant update (created_by) on public.site_content_versions to app_server;
grant select, update on public.site_content_draft to app_server;
create policy "server: all" on public.site_content_versions for all to app_server using (true) with check (true);
create policy "server: all" on public.site_content_draft for all to app_server using (true) with check (true);

-- 3. Every instance hears a publish (its page cache and content cache follow) when it commits.
create function private.notify_site_content_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_notify('site_content_changes', new.id::text);
  return null;
end;
$$;

revoke all on function private.notify_site_content_change() from public, anon, authenticated, service_role;

create trigger site_content_versions_notify
  after insert on public.site_content_versions
  for each row execute function private.notify_site_content_change();
