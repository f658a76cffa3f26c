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
  sent_at timestamptz
);

create index message_replies_thread_idx on public.message_replies (message_id, created_at, id);

-- 3. A reply is a kind of queued mail; its row's status sets the reply's delivery state.
alter table public.mail_queue drop constraint mail_queue_kind_check;
alter table public.mail_queue
  add constraint mail_queue_kind_check check (kind in ('sign_in_code', 'new_message', 'digest', 'reply'));

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

-- 4. Only the server's role (docs/decisions/073-database-grants.md): rows are written and their
--    delivery updated; they are deleted only with their message.
alter table public.message_replies enable row level security;
revoke all on table public.message_replies from anon, authenticated, service_role;
grant select, insert, update on public.message_replies to app_server;
create policy "server: all" on public.message_replies for all to app_server using (true) with check (true);
