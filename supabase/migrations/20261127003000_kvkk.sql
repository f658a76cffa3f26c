-- KVKK: destruction records, data-subject requests and the key that hashes their addresses
-- (docs/kvkk.md, docs/decisions/125-retention-and-erasure.md). Plain PostgreSQL: PGlite and the
-- postgres mode apply it too. Server only, like every table since 20261125000000: RLS on, a
-- policy and grants for app_server, nothing for the API roles.

-- 1. One row per category each retention run destroyed something in: when, what, how many, how.
--    No personal data. Kept 3 years (the retention job deletes older rows).
create table public.destruction_records (
  id bigint generated always as identity primary key,
  created_at timestamptz not null,
  category text not null check (category in
    ('messages', 'trash', 'spam', 'ip_addresses', 'mail', 'rate_limits', 'destruction_records')),
  method text not null check (method in ('deletion', 'anonymization')),
  count integer not null check (count > 0)
);

create index destruction_records_created_idx on public.destruction_records (created_at desc, id desc);

-- 2. Each erasure a data subject asked for: when, how it came (the CLI or the staff page), what
--    was erased (counts per kind), and the address only as HMAC-SHA256 under the key below, so a
--    repeat request is recognised and a restore can erase the address again.
create table public.privacy_requests (
  id bigint generated always as identity primary key,
  created_at timestamptz not null,
  action text not null check (action = 'erase'),
  via text not null check (via in ('cli', 'staff')),
  subject_hash text not null check (subject_hash ~ '^[0-9a-f]{64}$'),
  counts jsonb not null default '{}'::jsonb check (jsonb_typeof(counts) = 'object' and octet_length(counts::text) <= 2000)
);

create index privacy_requests_created_idx on public.privacy_requests (created_at desc, id desc);
create index privacy_requests_subject_idx on public.privacy_requests (subject_hash);

-- 3. The key of those hashes: stored by the first server that needs one, read by all.
create table private.privacy_secrets (
  name text primary key check (char_length(name) between 1 and 64),
  value text not null check (value ~ '^[0-9a-f]{64,}$')
);

alter table public.destruction_records enable row level security;
alter table public.privacy_requests enable row level security;
alter table private.privacy_secrets enable row level security;
revoke all on table public.destruction_records, public.privacy_requests, private.privacy_secrets
  from public, anon, authenticated, service_role;
revoke all on sequence public.destruction_records_id_seq, public.privacy_requests_id_seq
  from public, anon, authenticated, service_role;

grant select, insert, delete on public.destruction_records to app_server;
grant select, insert on public.privacy_requests to app_server;
grant select, insert on private.privacy_secrets to app_server;
grant usage on sequence public.destruction_records_id_seq, public.privacy_requests_id_seq to app_server;
create policy "server: all" on public.destruction_records for all to app_server using (true) with check (true);
create policy "server: all" on public.privacy_requests for all to app_server using (true) with check (true);
create policy "server: all" on private.privacy_secrets for all to app_server using (true) with check (true);

-- 4. Erasure deletes what names the address everywhere, the admin list's history included (the
--    server could only read it until now). Mail rows were deletable already.
grant delete on public.admin_changes to app_server;
