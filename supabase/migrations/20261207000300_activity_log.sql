-- The activity log (docs/decisions/230-activity-log.md): who did what to which messages, when,
-- from where. Plain PostgreSQL: PGlite and the postgres mode apply it too. Server only, like every
-- table since 20261125000000: RLS on, a policy and grants for app_server, nothing for the API roles.

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
