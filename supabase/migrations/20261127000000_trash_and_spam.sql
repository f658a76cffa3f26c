-- The trash and the spam status of contact messages (docs/decisions/030-inbox-workflow.md).
-- Plain PostgreSQL: PGlite and the postgres mode apply it too.

-- 1. A fourth status, 'spam': a message judged (or marked) spam. It counts nowhere in the inbox
--    and is never shown with the other statuses.
alter table public.contact_messages drop constraint contact_messages_status_check;
alter table public.contact_messages
  add constraint contact_messages_status_check check (status in ('new', 'read', 'archived', 'spam'));

-- 2. The trash: deleting a message sets deleted_at; null = not in the trash. The status is kept,
--    so restoring puts the message back where it was. Purging (or the retention job, after
--    LIMITS.inbox.trashKeepDays) deletes the row for good.
alter table public.contact_messages add column deleted_at timestamptz;

-- The trash lists newest deletion first; the retention job finds the oldest ones.
create index contact_messages_trash_idx on public.contact_messages (deleted_at desc, id desc)
  where deleted_at is not null;

-- 3. The counts: per status of the rows NOT in the trash (spam its own status), and 'trash' for
--    the rows in it, whatever their status. Nothing is in the trash yet, so the rows that exist
--    keep their numbers.
alter table public.contact_message_counts drop constraint contact_message_counts_status_check;
alter table public.contact_message_counts
  add constraint contact_message_counts_status_check check (status in ('new', 'read', 'archived', 'spam', 'trash'));
insert into public.contact_message_counts (status, n) values ('spam', 0), ('trash', 0) on conflict (status) do nothing;

-- As before (20261121000400_message_counts.sql), with the bucket of a row being its status, or
-- 'trash' while deleted_at is set: moving a row to the trash or out of it is an update that
-- moves one unit between two buckets.
create or replace function private.contact_message_counts_apply()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  d record;
begin
  if tg_op = 'TRUNCATE' then
    update public.contact_message_counts set n = 0 where n <> 0;
    return null;
  end if;
  if tg_op = 'INSERT' then
    for d in
      select b.bucket, pg_catalog.count(*) as delta
      from (select case when nr.deleted_at is null then nr.status else 'trash' end as bucket from new_rows nr) b
      group by b.bucket order by b.bucket
    loop
      update public.contact_message_counts set n = n + d.delta where status = d.bucket;
    end loop;
  elsif tg_op = 'DELETE' then
    for d in
      select b.bucket, -pg_catalog.count(*) as delta
      from (select case when o.deleted_at is null then o.status else 'trash' end as bucket from old_rows o) b
      group by b.bucket order by b.bucket
    loop
      update public.contact_message_counts set n = n + d.delta where status = d.bucket;
    end loop;
  else
    for d in
      select t.bucket, pg_catalog.sum(t.delta) as delta
      from (
        select case when nr.deleted_at is null then nr.status else 'trash' end as bucket, 1 as delta from new_rows nr
        union all
        select case when o.deleted_at is null then o.status else 'trash' end as bucket, -1 as delta from old_rows o
      ) t
      group by t.bucket
      having pg_catalog.sum(t.delta) <> 0
      order by t.bucket
    loop
      update public.contact_message_counts set n = n + d.delta where status = d.bucket;
    end loop;
  end if;
  return null;
end;
$$;

revoke all on function private.contact_message_counts_apply() from public, anon, authenticated;

-- 4. Live inbox (20261125000400_team.sql): an insert announces as arrivals only the rows an inbox
--    counts (not spam, not in the trash); an insert of nothing but spam is told as an update, so
--    an open Spam list still reads its page again while nobody hears of an arrival.
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
    select pg_catalog.count(*) into n from new_rows;
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
