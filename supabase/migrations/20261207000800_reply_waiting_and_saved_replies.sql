-- Leads awaiting a reply ('Yanıt Bekleyen', ?reply=waiting) and saved replies ('Hazır Yanıtlar')
-- (docs/decisions/222-reply-waiting-and-saved-replies.md). Plain PostgreSQL: PGlite and the
-- postgres mode apply it too.

-- 1. When staff first replied to a message: kept on the message, so the waiting leads are one
--    partial index (oldest first) rather than an anti-join over every message's thread.
alter table public.contact_messages add column replied_at timestamptz;

update public.contact_messages m
set replied_at = r.first_at
from (
  select message_id, min(created_at) as first_at from public.message_replies where kind = 'reply' group by message_id
) r
where r.message_id = m.id;

create index contact_messages_reply_waiting_idx on public.contact_messages (created_at, id)
  where replied_at is null and status in ('new', 'read') and deleted_at is null;

create function private.message_replied()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  update public.contact_messages set replied_at = new.created_at where id = new.message_id and replied_at is null;
  return null;
end;
$$;
revoke all on function private.message_replied() from public, anon, authenticated, service_role;

create trigger message_replies_replied
  after insert on public.message_replies
  for each row when (new.kind = 'reply')
  execute function private.message_replied();

-- 2. Saved replies: a title and the text in each language, with placeholders such as {ad} filled
--    in by the composer. Staff's own text, no one's personal data.
create table public.saved_replies (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 120),
  body_tr text not null check (char_length(body_tr) between 1 and 10000),
  body_en text not null check (char_length(body_en) between 1 and 10000),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index saved_replies_title_idx on public.saved_replies (lower(title), id);

alter table public.saved_replies enable row level security;
revoke all on table public.saved_replies from public, anon, authenticated, service_role;
grant select, insert, delete on public.saved_replies to app_server;
grant update (title, body_tr, body_en, updated_at) on public.saved_replies to app_server;
create policy "server: all" on public.saved_replies for all to app_server using (true) with check (true);
