-- Live inbox (20261127000000_trash_and_spam.sql): an update tells the open inboxes only of the rows
-- where something a list or a detail shows changed. Retention's anonymizing batches (ip_address
-- set to null) and other changes of columns no one sees notified every open inbox, which read its
-- list again each time (22 reads in 6 s during a start's pass). Columns are compared as a whole
-- row minus the ones no page shows, so a column added later notifies unless it is named here.
create or replace function private.notify_inbox_change()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  n bigint := 0;
  arrived bigint := 0;
  op text := pg_catalog.lower(tg_op);
begin
  if tg_op = 'INSERT' then
    select pg_catalog.count(*), pg_catalog.count(*) filter (where nr.status <> 'spam' and nr.deleted_at is null)
      into n, arrived from new_rows nr;
    if arrived > 0 then
      n := arrived;
    else
      op := 'update';
    end if;
  elsif tg_op = 'UPDATE' then
    select pg_catalog.count(*) into n
    from new_rows nr join old_rows o on o.id = nr.id
    where (pg_catalog.to_jsonb(nr) operator(pg_catalog.-) array['ip_address', 'search_text', 'search_word_starts'])
          is distinct from
          (pg_catalog.to_jsonb(o) operator(pg_catalog.-) array['ip_address', 'search_text', 'search_word_starts']);
  elsif tg_op = 'DELETE' then
    select pg_catalog.count(*) into n from old_rows;
  end if;
  if n > 0 or tg_op = 'TRUNCATE' then
    perform pg_catalog.pg_notify('inbox_changes', pg_catalog.json_build_object('op', op, 'count', n)::text);
  end if;
  return null;
end;
$$;

revoke all on function private.notify_inbox_change() from public, anon, authenticated, service_role;

-- The update's trigger hands the rows as they were too, to compare.
drop trigger contact_messages_notify_update on public.contact_messages;
create trigger contact_messages_notify_update
  after update on public.contact_messages
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.notify_inbox_change();
