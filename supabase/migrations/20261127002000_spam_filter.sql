-- The spam filter's per-site memory (docs/spam.md, docs/decisions/110-spam-filter.md):
--   spam_tokens: how often each word (and each sender domain, as `from:<domain>`) appeared in
--     messages staff called spam or not spam; the row '#messages' counts the messages themselves;
--   spam_senders: addresses ('a@b.example') and domains ('@b.example') staff decided about;
--   spam_fingerprints: a short-lived trace of recent messages' normalised text, to see the same
--     text arriving from several addresses within hours (kept LIMITS.spam.repeatWindowHours);
--   spam_settings: the key that signs the contact form's time stamp, shared by every instance.
-- Only the server's role reaches them, like every other table (20261125000000_server_role_and_grants.sql).

create table public.spam_tokens (
  token text primary key check (char_length(token) between 1 and 64),
  spam integer not null default 0 check (spam >= 0),
  ham integer not null default 0 check (ham >= 0)
);

create table public.spam_senders (
  sender text primary key check (char_length(sender) between 2 and 255),
  verdict text not null check (verdict in ('spam', 'ham')),
  updated_at timestamptz not null default now()
);

create table public.spam_fingerprints (
  fingerprint text not null check (char_length(fingerprint) = 32),
  email text not null check (char_length(email) <= 254),
  seen_at timestamptz not null
);
create index spam_fingerprints_lookup on public.spam_fingerprints (fingerprint, seen_at);
create index spam_fingerprints_age on public.spam_fingerprints (seen_at);

create table public.spam_settings (
  name text primary key,
  value text not null
);

alter table public.spam_tokens enable row level security;
alter table public.spam_senders enable row level security;
alter table public.spam_fingerprints enable row level security;
alter table public.spam_settings enable row level security;

revoke all on table public.spam_tokens, public.spam_senders, public.spam_fingerprints, public.spam_settings
  from anon, authenticated, service_role;

grant select, insert, update, delete on public.spam_tokens, public.spam_senders, public.spam_fingerprints
  to app_server;
-- The signing key is written once (the first instance to start) and then only read.
grant select, insert on public.spam_settings to app_server;

create policy "server: all" on public.spam_tokens for all to app_server using (true) with check (true);
create policy "server: all" on public.spam_senders for all to app_server using (true) with check (true);
create policy "server: all" on public.spam_fingerprints for all to app_server using (true) with check (true);
create policy "server: all" on public.spam_settings for all to app_server using (true) with check (true);

-- Which messages the model learned from, and as what: a message marked spam and then 'Spam
-- Değil' has its words moved from one column to the other instead of counted twice.
create table public.spam_learned (
  message_id uuid primary key references public.contact_messages (id) on delete cascade,
  verdict text not null check (verdict in ('spam', 'ham'))
);
alter table public.spam_learned enable row level security;
revoke all on table public.spam_learned from anon, authenticated, service_role;
grant select, insert, update, delete on public.spam_learned to app_server;
create policy "server: all" on public.spam_learned for all to app_server using (true) with check (true);
