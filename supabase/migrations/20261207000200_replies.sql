-- Replies from the desk (docs/decisions/220-replies.md): each contact message's thread, its
-- replies leaving through the mail queue, and the language the visitor wrote in.
-- Plain PostgreSQL: PGlite and the postgres mode apply it too.

-- 1. The language of the page a message was sent from; null for messages from before.
alter table public.contact_messages add column locale text check (locale is null or locale in ('tr', 'en'));

-- 2. The thread: staff's replies ('reply') and, later, the visitor's answers ('answer'). A row
--    goes with its message (trash, purge, erasure, retention: on delete cascade). The id of a
--    reply is chosen by the browser for one click and is also its queue row's id, so its mail's
--    Message-ID is <id@domain>: a repeated request finds the row and sends nothing more.
create table public.message_replies (
  id uuid primary key,
  message_id uuid not null references public.contact_messages (id) on delete cascade,
  kind text not null check (kind in ('reply', 'answer')),
  -- Who sent a reply (the staff member's address); null for an answer.
  author text check (author is null or char_length(author) <= 254),
  locale text not null default 'tr' check (locale in ('tr', 'en')),
  body text not null check (char_length(body) between 1 and 20000),
  -- A reply's delivery as staff see it: queued (waiting or being sent), sent, failed.
  delivery text check (delivery is null or delivery in ('queued', 'sent', 'failed')),
  created_at timestamptz not null,
  sent_at timestamptz,
  -- An answer's own Message-ID (or, without one, UIDVALIDITY:UID in the mailbox): imported once.
  source_message_id text unique check (source_message_id is null or char_length(source_message_id) <= 998),
  -- An answer's attachments, by name and size only: their contents are never imported.
  attachments jsonb not null default '[]'::jsonb check (jsonb_typeof(attachments) = 'array')
);

create index message_replies_thread_idx on public.message_replies (message_id, created_at, id);

-- 3. A reply is a kind of queued mail; its row's status sets the reply's delivery state.
alter table public.mail_queue drop constraint mail_queue_kind_check;
alter table public.mail_queue
  add constraint mail_queue_kind_check
  check (kind in ('sign_in_code', 'new_message', 'digest', 'reply', 'reply_reminder'));

create function private.reply_delivery_follows_queue()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  update public.message_replies
  set delivery = case when new.status in ('pending', 'sending') then 'queued'
                      when new.status = 'sent' then 'sent' else 'failed' end,
      sent_at = case when new.status = 'sent' then new.sent_at end
  where id = new.id;
  return null;
end;
$$;

revoke all on function private.reply_delivery_follows_queue() from public, anon, authenticated, service_role;

create trigger mail_queue_reply_delivery
  after update of status on public.mail_queue
  for each row when (new.kind = 'reply' and new.status is distinct from old.status)
  execute function private.reply_delivery_follows_queue();

-- 4. The reading of the firm's mailbox (IMAP_URL): one reader at a time across instances (a lease,
--    as for mail delivery), and how far it has read (the UID high-water mark, valid for one
--    UIDVALIDITY). A lost mark costs a re-read, never a second import (source_message_id).
create table public.imap_reader_state (
  id boolean primary key default true check (id),
  holder text check (holder is null or char_length(holder) <= 100),
  expires_at timestamptz not null default '-infinity',
  uid_validity text check (uid_validity is null or char_length(uid_validity) <= 40),
  last_uid bigint not null default 0
);
insert into public.imap_reader_state default values;

alter table public.imap_reader_state enable row level security;
revoke all on table public.imap_reader_state from anon, authenticated, service_role;
grant select, update on public.imap_reader_state to app_server;
create policy "server: all" on public.imap_reader_state for all to app_server using (true) with check (true);

-- 5. One reminder per message still unanswered after REPLY_DUE_HOURS: the row is the promise that it
--    is never queued twice. Messages from before this migration count as reminded (no flood of
--    reminders about old leads on the day it is deployed).
create table public.reply_reminders (
  message_id uuid primary key references public.contact_messages (id) on delete cascade,
  queued_at timestamptz not null
);
insert into public.reply_reminders (message_id, queued_at) select id, now() from public.contact_messages;

alter table public.reply_reminders enable row level security;
revoke all on table public.reply_reminders from anon, authenticated, service_role;
grant select, insert on public.reply_reminders to app_server;
create policy "server: all" on public.reply_reminders for all to app_server using (true) with check (true);

-- 6. Only the server's role (docs/decisions/073-database-grants.md): rows are written and their
--    delivery updated; they are deleted only with their message.
alter table public.message_replies enable row level security;
revoke all on table public.message_replies from anon, authenticated, service_role;
grant select, insert, update on public.message_replies to app_server;
create policy "server: all" on public.message_replies for all to app_server using (true) with check (true);
