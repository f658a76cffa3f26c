-- The team page and the live inbox (docs/decisions/090-mail.md).
-- Plain PostgreSQL: the embedded and postgres modes apply it too. Server only, like every table
-- since 20261125000000: RLS on, a policy and grants for app_server, nothing for the API roles.

-- 1. Every change of the admin list, with who made it and when. A trigger writes the rows, so a
--    change made by the CLI, the seed or SQL by hand is recorded too (without a name: the app
--    names the signed-in admin in the transaction's `app.actor` setting).
create table public.admin_changes (
  id bigint generated always as identity primary key,
  action text not null check (action in ('added', 'removed')),
  email text not null check (char_length(email) between 3 and 254),
  actor text check (actor is null or char_length(actor) between 3 and 254),
  created_at timestamptz not null default now()
);

create index admin_changes_created_idx on public.admin_changes (created_at desc, id desc);

alter table public.admin_changes enable row level security;
revoke all on table public.admin_changes from anon, authenticated, service_role;
revoke all on sequence public.admin_changes_id_seq from anon, authenticated, service_role;

-- The admins already on the list, as added when their row was.
insert into public.admin_changes (action, email, created_at)
select 'added', email, created_at from public.admin_emails order by created_at;

-- SECURITY DEFINER: the server's role reads the history but cannot write or rewrite it.
create function private.record_admin_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed_by text := nullif(pg_catalog.current_setting('app.actor', true), '');
begin
  if tg_op = 'INSERT' then
    insert into public.admin_changes (action, email, actor) values ('added', new.email, changed_by);
  else
    insert into public.admin_changes (action, email, actor) values ('removed', old.email, changed_by);
  end if;
  return null;
end;
$$;

revoke all on function private.record_admin_change() from public, anon, authenticated, service_role;

create trigger admin_emails_record_change
  after insert or delete on public.admin_emails
  for each row execute function private.record_admin_change();

grant select on public.admin_changes to app_server;
create policy "server: all" on public.admin_changes for all to app_server using (true) with check (true);

-- 2. Live inbox: every server instance LISTENs on `inbox_changes` and tells the open inboxes to
--    read their page again. One notification per statement, sent when its transaction commits;
--    the payload says only what happened and to how many rows, never a name, address or text:
--    {"op": "insert" | "update" | "delete" | "truncate", "count": n}.
create function private.notify_inbox_change()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  n bigint := 0;
begin
  -- As in contact_message_counts_apply: a branch naming a transition table the firing trigger
  -- does not have is never planned.
  if tg_op = 'INSERT' or tg_op = 'UPDATE' then
    select pg_catalog.count(*) into n from new_rows;
  elsif tg_op = 'DELETE' then
    select pg_catalog.count(*) into n from old_rows;
  end if;
  if n > 0 or tg_op = 'TRUNCATE' then
    perform pg_catalog.pg_notify('inbox_changes',
      pg_catalog.json_build_object('op', pg_catalog.lower(tg_op), 'count', n)::text);
  end if;
  return null;
end;
$$;

revoke all on function private.notify_inbox_change() from public, anon, authenticated, service_role;

create trigger contact_messages_notify_insert
  after insert on public.contact_messages
  referencing new table as new_rows
  for each statement execute function private.notify_inbox_change();

create trigger contact_messages_notify_update
  after update on public.contact_messages
  referencing new table as new_rows
  for each statement execute function private.notify_inbox_change();

create trigger contact_messages_notify_delete
  after delete on public.contact_messages
  referencing old table as old_rows
  for each statement execute function private.notify_inbox_change();

create trigger contact_messages_notify_truncate
  after truncate on public.contact_messages
  for each statement execute function private.notify_inbox_change();
