-- The activity log (docs/decisions/230-activity-log.md): who did what to which messages, when,
-- from where; then the staff accounts around it: the team history kept, sign-in codes bound to the
-- browser (231), owner alerts and the two roles (232). One file: Supabase keys its migration
-- history by the version. Plain PostgreSQL: PGlite and the postgres mode apply it too. Server
-- only, like every table since 20261125000000: RLS on, a policy and grants for app_server,
-- nothing for the API roles.

-- 1. Append-only: the server's role may insert and read, never update or delete. The two changes
--    the product makes (an erased person's address replaced by the erasure records' keyed hash,
--    rows past the retention period destroyed) go through the SECURITY DEFINER functions below.
create table public.activity_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- The staff member's address, `cli` for the command line; after an erasure, the keyed hash.
  actor text not null check (char_length(actor) between 1 and 254),
  -- A code (`message.open`, `sign_in.failure`, …), never prose: the app names and translates it.
  action text not null check (action ~ '^[a-z][a-z_]*(\.[a-z][a-z_]*)*$' and char_length(action) <= 64),
  -- The messages the action touched; a lead's history reads them through the GIN index.
  message_ids uuid[] not null default '{}' check (cardinality(message_ids) <= 10000),
  -- The person the action was about (a team change, one person's export or erasure), if any.
  subject text check (subject is null or char_length(subject) between 1 and 254),
  -- The filter of an export, counts, old and new values: small, never a message's text.
  detail jsonb not null default '{}'::jsonb
    check (jsonb_typeof(detail) = 'object' and octet_length(detail::text) <= 4000),
  request_id text check (request_id is null or char_length(request_id) <= 100),
  -- Approximate: the client address's /24 (IPv4) or /48 (IPv6), never the full address.
  address text check (address is null or char_length(address) <= 64)
);

create index activity_log_at_idx on public.activity_log (at desc, id desc);
create index activity_log_actor_idx on public.activity_log (actor, at desc, id desc);
create index activity_log_action_idx on public.activity_log (action, at desc, id desc);
create index activity_log_subject_idx on public.activity_log (subject) where subject is not null;
create index activity_log_messages_idx on public.activity_log using gin (message_ids);

alter table public.activity_log enable row level security;
revoke all on table public.activity_log from public, anon, authenticated, service_role;
revoke all on sequence public.activity_log_id_seq from public, anon, authenticated, service_role;
grant select, insert on public.activity_log to app_server;
grant usage on sequence public.activity_log_id_seq to app_server;
create policy "server: read" on public.activity_log for select to app_server using (true);
create policy "server: append" on public.activity_log for insert to app_server with check (true);

-- 2. Erasure: the address, wherever it stands as actor or subject, becomes the hash. No row goes.
create function private.activity_log_pseudonymize(erased text, hash text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  if erased is null or hash !~ '^[0-9a-f]{64}$' then
    raise exception 'activity_log_pseudonymize: an address and a 64-hex hash' using errcode = '22023';
  end if;
  update public.activity_log
     set actor = case when lower(actor) = erased then hash else actor end,
         subject = case when lower(subject) = erased then hash else subject end
   where lower(actor) = erased or lower(subject) = erased;
  get diagnostics n = row_count;
  return n;
end;
$$;

-- 3. Retention: rows older than `cutoff`, at most `batch` of them, oldest first; returns how many.
create function private.activity_log_expire(cutoff timestamptz, batch integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  delete from public.activity_log
   where id in (select id from public.activity_log where at < cutoff order by at, id limit batch);
  get diagnostics n = row_count;
  return n;
end;
$$;

revoke all on function private.activity_log_pseudonymize(text, text) from public, anon, authenticated, service_role;
revoke all on function private.activity_log_expire(timestamptz, integer) from public, anon, authenticated, service_role;
grant execute on function private.activity_log_pseudonymize(text, text) to app_server;
grant execute on function private.activity_log_expire(timestamptz, integer) to app_server;

-- 4. Its destruction records.
alter table public.destruction_records drop constraint destruction_records_category_check;
alter table public.destruction_records add constraint destruction_records_category_check check (category in
  ('messages', 'trash', 'spam', 'ip_addresses', 'mail', 'rate_limits', 'destruction_records', 'activity_log'));

-- ---------------------------------------------------------------------------------------------
-- Sign-in codes bound to the browser that asked (docs/decisions/231-codes-bound-to-the-browser.md).
-- The built-in sign-in's tables exist in the embedded and postgres modes only (a Supabase project
-- signs in through Supabase Auth): there, each code row names its browser by the SHA-256 of a
-- random HttpOnly cookie, and a new code retires only the same browser's earlier one.
-- (A database still at the schema's old name, embedded_auth, gets it there: the rename keeps it.)
do $$
declare
  codes text := coalesce(pg_catalog.to_regclass('builtin_auth.otp_codes')::text,
                         pg_catalog.to_regclass('embedded_auth.otp_codes')::text);
begin
  if codes is not null then
    execute pg_catalog.format(
      'alter table %s add column browser text check (browser is null or browser ~ ''^[0-9a-f]{64}$'')', codes);
    execute pg_catalog.format(
      'create index otp_codes_email_browser_idx on %s (email, browser, created_at desc, id desc)', codes);
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Security alerts to the owners (docs/decisions/231-codes-bound-to-the-browser.md): a new mail
-- kind. The row says what happened (a code, counts, addresses of staff); it is rendered in the
-- recipient's language when delivered, like every other mail.
alter table public.mail_queue drop constraint mail_queue_kind_check;
alter table public.mail_queue add constraint mail_queue_kind_check
  check (kind in ('sign_in_code', 'new_message', 'digest', 'reply', 'reply_reminder', 'owner_alert'));

-- ---------------------------------------------------------------------------------------------
-- The team history is no longer deletable (docs/decisions/230-activity-log.md): erasing a person
-- used to delete the admin_changes rows naming them, so one could add an address, use it and erase
-- the trace. Now the server may only read the history; an erasure replaces the address by the
-- erasure records' keyed hash through the function below, and no row goes.
revoke delete on public.admin_changes from app_server;

create function private.admin_changes_pseudonymize(erased text, hash text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  if erased is null or hash !~ '^[0-9a-f]{64}$' then
    raise exception 'admin_changes_pseudonymize: an address and a 64-hex hash' using errcode = '22023';
  end if;
  update public.admin_changes
     set email = case when email = erased then hash else email end,
         actor = case when actor = erased then hash else actor end
   where email = erased or actor = erased;
  get diagnostics n = row_count;
  return n;
end;
$$;

revoke all on function private.admin_changes_pseudonymize(text, text) from public, anon, authenticated, service_role;
grant execute on function private.admin_changes_pseudonymize(text, text) to app_server;

-- ---------------------------------------------------------------------------------------------
-- Two roles on the admin list (docs/decisions/232-owners-and-admins.md): 'owner' (Sahip) also
-- changes the team and roles, uses the KVKK page, reads the activity log and sees backup status;
-- 'admin' (Yönetici) works the inbox, banners and content. Every admin existing now becomes an
-- owner, and so does the first admin of a database without one (the seed, `npm run users`).
alter table public.admin_emails
  add column role text not null default 'admin' check (role in ('owner', 'admin'));
update public.admin_emails set role = 'owner';

create function private.first_admin_is_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select from public.admin_emails where role = 'owner') then
    new.role := 'owner';
  end if;
  return new;
end;
$$;

revoke all on function private.first_admin_is_owner() from public, anon, authenticated, service_role;

create trigger admin_emails_first_owner
  before insert on public.admin_emails
  for each row execute function private.first_admin_is_owner();

-- The server changes a role, nothing else of a row (the team page, under the team lock).
grant update (role) on public.admin_emails to app_server;
