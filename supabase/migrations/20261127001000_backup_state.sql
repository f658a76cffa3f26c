-- Automatic snapshots (docs/backups.md, decision 101): one row says when the newest snapshot was
-- taken and which server instance is writing one now (until lease_until, the database's clock),
-- so that of several instances one writes each snapshot. Plain PostgreSQL: it also applies on
-- PGlite and in the postgres mode after the embedded stand-in prelude.
create table public.backup_state (
  id boolean primary key default true check (id),
  holder text check (holder is null or char_length(holder) <= 100),
  lease_until timestamptz not null default '-infinity',
  last_snapshot_at timestamptz,
  last_error text check (last_error is null or char_length(last_error) <= 200)
);
insert into public.backup_state default values;

alter table public.backup_state enable row level security;
revoke all on table public.backup_state from anon, authenticated, service_role;
grant select, update on public.backup_state to app_server;
create policy "server: all" on public.backup_state for all to app_server using (true) with check (true);
