-- The planner's statistics after personal data was destroyed (docs/kvkk.md, decision 194).
-- ANALYZE keeps samples of each column's values in pg_statistic: common values and a histogram
-- of names, e-mail addresses, IP addresses and whole search texts (name, address and message,
-- lowercased; values under 1 kB). A message erased or an address anonymized stays there until
-- the next ANALYZE of its table, which autovacuum (PostgreSQL) or the embedded maintenance runs
-- only once a tenth of the table has changed: for one person's three messages among 100,000,
-- perhaps never. So a retention pass that destroyed something, and an erasure, analyze the tables
-- that hold personal data at once. Only a table's owner may (PostgreSQL 17's MAINTAIN privilege
-- would also allow REINDEX, CLUSTER and LOCK TABLE, and Supabase's PostgreSQL 15 has none).
--
-- SECURITY DEFINER, run as the migrations' role (the tables' owner), with no argument and a fixed
-- search_path: it analyzes the tables named here, those that exist in this mode (builtin_auth
-- only outside Supabase), and nothing else. ANALYZE takes a SHARE UPDATE EXCLUSIVE lock: reads
-- and writes go on meanwhile.
create function private.analyze_personal_data()
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  t text;
begin
  foreach t in array array[
    'public.contact_messages', 'public.mail_queue', 'public.admin_emails', 'public.admin_changes',
    'public.admin_notification_settings', 'public.rate_limit_hits', 'public.spam_senders',
    'public.spam_fingerprints', 'builtin_auth.users', 'builtin_auth.otp_codes'
  ] loop
    if pg_catalog.to_regclass(t) is not null then
      execute pg_catalog.format('analyze %s', pg_catalog.to_regclass(t));
    end if;
  end loop;
end;
$$;

-- Functions are executable by PUBLIC when created; the Data API's roles get nothing here either.
revoke all on function private.analyze_personal_data() from public, anon, authenticated, service_role;
grant execute on function private.analyze_personal_data() to app_server;
