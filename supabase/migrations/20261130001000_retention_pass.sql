-- Retention in bounded batches (docs/decisions/125-retention-and-erasure.md). Plain
-- PostgreSQL: PGlite and the postgres mode apply it too.

-- 1. The pass under way: which instance runs it (until lease_until, the database's clock, renewed
--    by every batch), the time its cut-offs were taken from, and what it has destroyed so far per
--    category. Each batch adds to the tally in the transaction that destroys the rows, so a pass
--    killed between two batches leaves an exact count; the next pass writes it as that pass's
--    destruction records (which are never rewritten) before it starts. Counts only: no personal data.
create table public.retention_pass (
  id boolean primary key default true check (id),
  holder text check (holder is null or char_length(holder) <= 100),
  lease_until timestamptz not null default '-infinity',
  pass_at timestamptz,
  tally jsonb not null default '{}'::jsonb
    check (jsonb_typeof(tally) = 'object' and octet_length(tally::text) <= 1000)
);
insert into public.retention_pass default values;

alter table public.retention_pass enable row level security;
revoke all on table public.retention_pass from public, anon, authenticated, service_role;
grant select, update on public.retention_pass to app_server;
create policy "server: all" on public.retention_pass for all to app_server using (true) with check (true);

-- 2. The messages whose IP address is still kept, oldest first: each anonymizing batch reads the
--    next ones straight from here. Through the date index it walked every message already
--    anonymized (a year of them, every day) before finding one that is not.
create index contact_messages_ip_kept_idx on public.contact_messages (created_at)
  where ip_address is not null;
