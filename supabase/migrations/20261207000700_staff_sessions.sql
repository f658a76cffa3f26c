-- Sessions staff can see and end (docs/decisions/234-staff-sessions.md).
--
-- 1. Every instance LISTENs on `staff_sessions_ended` and closes the live streams of what ended:
--    {"sessions": [id, ...]} (built-in sessions deleted, however) or {"people": [sha256 of the
--    address]} (someone taken off the team or erased, in every mode). Sent on commit; no address
--    in clear.
create function private.notify_person_ended()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_notify('staff_sessions_ended', pg_catalog.json_build_object('people',
    pg_catalog.json_build_array(pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(old.email, 'UTF8')), 'hex')))::text);
  return null;
end;
$$;
revoke all on function private.notify_person_ended() from public, anon, authenticated, service_role;
create trigger admin_emails_end_sessions_notify
  after delete on public.admin_emails
  for each row execute function private.notify_person_ended();

-- 2. The built-in sign-in (embedded, postgres; absent beside Supabase Auth): a public id for each
--    session (the token's hash never leaves the database), the browser's user agent and the
--    address's /24 or /48 at sign-in; removal from the team deletes the person's sessions, so
--    being added back opens nothing.
do $do$
begin
  if pg_catalog.to_regclass('builtin_auth.sessions') is null then
    return;
  end if;
  alter table builtin_auth.sessions
    add column id uuid not null default gen_random_uuid(),
    add column user_agent text check (user_agent is null or char_length(user_agent) <= 512),
    add column place text check (place is null or char_length(place) <= 64);
  create unique index sessions_id_idx on builtin_auth.sessions (id);

  create function private.notify_sessions_ended()
  returns trigger
  language plpgsql
  set search_path = ''
  as $fn$
  declare
    chunk text;
  begin
    -- At most 100 ids a notification: a payload must stay under 8000 bytes.
    for chunk in
      select pg_catalog.json_build_object('sessions', pg_catalog.json_agg(g.id))::text
      from (select gone.id, (pg_catalog.row_number() over () - 1) / 100 as part from gone) g
      group by g.part
    loop
      perform pg_catalog.pg_notify('staff_sessions_ended', chunk);
    end loop;
    return null;
  end;
  $fn$;
  revoke all on function private.notify_sessions_ended() from public, anon, authenticated, service_role;
  create trigger sessions_notify_ended
    after delete on builtin_auth.sessions
    referencing old table as gone
    for each statement execute function private.notify_sessions_ended();

  create function private.end_removed_sessions()
  returns trigger
  language plpgsql
  set search_path = ''
  as $fn$
  begin
    delete from builtin_auth.sessions s using builtin_auth.users u where u.id = s.user_id and u.email = old.email;
    return null;
  end;
  $fn$;
  revoke all on function private.end_removed_sessions() from public, anon, authenticated, service_role;
  create trigger admin_emails_end_sessions
    after delete on public.admin_emails
    for each row execute function private.end_removed_sessions();
end
$do$;
