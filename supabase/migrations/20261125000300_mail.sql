-- Outgoing mail (docs/decisions/090-mail.md): a queue written in the same transaction as what
-- causes a mail (a sign-in code, a contact message), delivered by one worker at a time across
-- server instances (the lease row), and each admin's notification settings. Plain PostgreSQL:
-- it also applies on PGlite and in the postgres mode after the embedded stand-in prelude.

-- 1. The queue. A row is rendered only when it is delivered, from what it names: the code (wiped
--    once the mail has left), the contact message (deleting the message deletes its
--    notifications: see 4), a digest's message ids. No copy of a visitor's data is kept here.
create table public.mail_queue (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('sign_in_code', 'new_message', 'digest')),
  recipient text not null check (char_length(recipient) between 3 and 254),
  locale text not null default 'tr' check (locale in ('tr', 'en')),
  data jsonb not null default '{}'::jsonb check (jsonb_typeof(data) = 'object' and octet_length(data::text) <= 4000),
  -- Not a foreign key: contact_messages may be truncated (its counts and live events handle it).
  message_id uuid,
  -- pending: waiting for its next attempt; sending: an attempt is under way until next_attempt_at
  -- (a worker that died mid-delivery leaves it so, and it is tried again after that time).
  status text not null default 'pending'
    check (status in ('pending', 'sending', 'sent', 'failed', 'expired', 'cancelled')),
  -- Sign-in codes first, then single notifications, then digests.
  priority smallint not null default 1,
  attempts integer not null default 0,
  created_at timestamptz not null,
  next_attempt_at timestamptz not null,
  -- A code that arrives after it expired is useless: past this time the row is dropped unsent.
  deliver_by timestamptz,
  sent_at timestamptz,
  -- A short code (ECONNECTION, 550, …), never the server's prose.
  last_error text check (last_error is null or char_length(last_error) <= 64)
);

create index mail_queue_due_idx on public.mail_queue (priority, next_attempt_at) where status in ('pending', 'sending');
create index mail_queue_message_idx on public.mail_queue (message_id) where message_id is not null;
create index mail_queue_finished_idx on public.mail_queue (created_at) where status not in ('pending', 'sending');
-- At most one digest collecting messages per admin; concurrent submissions add to it.
create unique index mail_queue_open_digest_idx on public.mail_queue (recipient) where kind = 'digest' and status = 'pending';

-- 2. Who may deliver: one row, held by one worker until expires_at (the database's clock, which
--    every instance shares). Renewed before each mail, released when the queue is empty.
create table public.mail_worker_lease (
  id boolean primary key default true check (id),
  holder text check (holder is null or char_length(holder) <= 100),
  expires_at timestamptz not null default '-infinity'
);
insert into public.mail_worker_lease default values;

-- 3. Each admin's notification settings; no row means notifications on, in Turkish.
create table public.admin_notification_settings (
  email text primary key references public.admin_emails (email) on delete cascade,
  new_messages boolean not null default true,
  locale text not null default 'tr' check (locale in ('tr', 'en')),
  updated_at timestamptz not null default now()
);

-- 4. A deleted message takes its notifications with it, sent or not (a truncate takes them all).
create function private.delete_message_mail()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from public.mail_queue where kind = 'new_message';
  else
    delete from public.mail_queue q using old_rows o where q.message_id = o.id;
  end if;
  return null;
end;
$$;

revoke all on function private.delete_message_mail() from public, anon, authenticated, service_role;

create trigger contact_messages_delete_mail
  after delete on public.contact_messages
  referencing old table as old_rows
  for each statement execute function private.delete_message_mail();

create trigger contact_messages_truncate_mail
  after truncate on public.contact_messages
  for each statement execute function private.delete_message_mail();

-- 5. Prompt pickup: every instance LISTENs on `mail_queue`; one notification per statement.
create function private.notify_mail_queued()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_notify('mail_queue', '');
  return null;
end;
$$;

revoke all on function private.notify_mail_queued() from public, anon, authenticated, service_role;

create trigger mail_queue_notify
  after insert on public.mail_queue
  for each statement execute function private.notify_mail_queued();

-- 6. Only the server's role, as for every other table (docs/decisions/073-database-grants.md).
alter table public.mail_queue enable row level security;
alter table public.mail_worker_lease enable row level security;
alter table public.admin_notification_settings enable row level security;

revoke all on table public.mail_queue, public.mail_worker_lease, public.admin_notification_settings
  from anon, authenticated, service_role;

grant select, insert, update, delete on public.mail_queue to app_server;
grant select, update on public.mail_worker_lease to app_server;
grant select, insert, update, delete on public.admin_notification_settings to app_server;

create policy "server: all" on public.mail_queue for all to app_server using (true) with check (true);
create policy "server: all" on public.mail_worker_lease for all to app_server using (true) with check (true);
create policy "server: all" on public.admin_notification_settings for all to app_server using (true) with check (true);
