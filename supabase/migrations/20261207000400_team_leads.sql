-- Live inbox (20261127000000_trash_and_spam.sql): an update tells the open inboxes only of the rows
-- where something a list or a detail shows changed. Retention's anonymizing batches (ip_address
-- set to null) and other changes of columns no one sees notified every open inbox, which read its
-- list again each time (22 reads in 6 s during a start's pass). Columns are compared as a whole
-- row minus the ones no page shows, so a column added later notifies unless it is named here.
create or replace function private.notify_inbox_change()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  n bigint := 0;
  arrived bigint := 0;
  op text := pg_catalog.lower(tg_op);
begin
  if tg_op = 'INSERT' then
    select pg_catalog.count(*), pg_catalog.count(*) filter (where nr.status <> 'spam' and nr.deleted_at is null)
      into n, arrived from new_rows nr;
    if arrived > 0 then
      n := arrived;
    else
      op := 'update';
    end if;
  elsif tg_op = 'UPDATE' then
    select pg_catalog.count(*) into n
    from new_rows nr join old_rows o on o.id = nr.id
    where (pg_catalog.to_jsonb(nr) operator(pg_catalog.-) array['ip_address', 'search_text', 'search_word_starts'])
          is distinct from
          (pg_catalog.to_jsonb(o) operator(pg_catalog.-) array['ip_address', 'search_text', 'search_word_starts']);
  elsif tg_op = 'DELETE' then
    select pg_catalog.count(*) into n from old_rows;
  end if;
  if n > 0 or tg_op = 'TRUNCATE' then
    perform pg_catalog.pg_notify('inbox_changes', pg_catalog.json_build_object('op', op, 'count', n)::text);
  end if;
  return null;
end;
$$;

revoke all on function private.notify_inbox_change() from public, anon, authenticated, service_role;

-- The update's trigger hands the rows as they were too, to compare.
drop trigger contact_messages_notify_update on public.contact_messages;
create trigger contact_messages_notify_update
  after update on public.contact_messages
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.notify_inbox_change();

-- Working leads as a team (docs/decisions/240-leads-as-a-team.md). Plain PostgreSQL: PGlite and the
-- postgres mode apply it too. Server only: RLS on, a policy and grants for app_server.

-- 1. Staff names: 'Adınız' and 'İmza' on the account page. Staff data: it goes with the account.
create table public.staff_profiles (
  email text primary key references public.admin_emails (email) on delete cascade,
  display_name text check (display_name is null or char_length(display_name) between 1 and 80),
  signature text check (signature is null or char_length(signature) <= 1000),
  updated_at timestamptz not null default now()
);
alter table public.staff_profiles enable row level security;
revoke all on table public.staff_profiles from public, anon, authenticated, service_role;
grant select, insert, update on public.staff_profiles to app_server;
create policy "server: all" on public.staff_profiles for all to app_server using (true) with check (true);

-- 2. An owner for every lead: a team member's address, or null ('Atanmamış').
alter table public.contact_messages
  add column owner_email text check (owner_email is null or (owner_email = lower(owner_email) and char_length(owner_email) between 3 and 254));
create index contact_messages_owner_idx on public.contact_messages (owner_email, created_at desc, id desc)
  where owner_email is not null;
create index contact_messages_unowned_idx on public.contact_messages (created_at desc, id desc)
  where owner_email is null and deleted_at is null and status <> 'spam';

-- A removed team member's leads become unassigned, however the member was removed (page, CLI, SQL).
create function private.unassign_removed_owner()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  update public.contact_messages set owner_email = null where owner_email = old.email;
  return null;
end;
$$;
revoke all on function private.unassign_removed_owner() from public, anon, authenticated, service_role;
create trigger admin_emails_unassign_owner
  after delete on public.admin_emails
  for each row execute function private.unassign_removed_owner();

-- 3. Internal notes: never sent to the visitor, gone with their lead.
create table public.lead_notes (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null references public.contact_messages (id) on delete cascade,
  author_email text not null check (char_length(author_email) between 1 and 254),
  body text not null check (char_length(body) between 1 and 2000),
  -- The colleagues it mentions (their addresses), mailed when it was written.
  mentions text[] not null default '{}' check (cardinality(mentions) <= 20),
  created_at timestamptz not null
);
create index lead_notes_message_idx on public.lead_notes (message_id, created_at, id);
create index lead_notes_author_idx on public.lead_notes (author_email);
alter table public.lead_notes enable row level security;
revoke all on table public.lead_notes from public, anon, authenticated, service_role;
grant select, insert, delete on public.lead_notes to app_server;
-- Erasure: an erased member's address on notes of other leads becomes the erasure records' hash.
grant update (author_email, mentions) on public.lead_notes to app_server;
create policy "server: all" on public.lead_notes for all to app_server using (true) with check (true);

-- 4. Mail to a colleague: a lead assigned to them, a note mentioning them. The kinds of the
--    replies and the owner alerts (20261207000200, 20261207000300) stay allowed.
alter table public.mail_queue drop constraint mail_queue_kind_check;
alter table public.mail_queue add constraint mail_queue_kind_check
  check (kind in ('sign_in_code', 'new_message', 'digest', 'reply', 'reply_reminder', 'owner_alert',
                  'lead_assigned', 'lead_note'));
