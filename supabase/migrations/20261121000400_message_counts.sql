-- Per-status message counts for the inbox (docs/decisions/032-inbox-at-scale.md). The inbox shows
-- the number of messages (all, or of one status) and the number of unread ones on every request;
-- an exact count(*) is a scan of the table (~50 ms at 100,000 rows in the embedded backend, and
-- growing with the table on Supabase). These rows are kept exact by statement-level triggers with
-- transition tables, so a bulk insert or update costs one counter update per status touched, not
-- one per row. Any writer keeps them right: both adapters, the seed, the admin tools, SQL by hand.
-- Server only: RLS on and no policies, no grants for anon or authenticated.

create table public.contact_message_counts (
  status text primary key check (status in ('new', 'read', 'archived')),
  n bigint not null default 0 check (n >= 0)
);

alter table public.contact_message_counts enable row level security;
revoke all on public.contact_message_counts from anon, authenticated;

insert into public.contact_message_counts (status, n)
select s.status, (select count(*) from public.contact_messages m where m.status = s.status)
from (values ('new'), ('read'), ('archived')) as s (status);

-- One function for every event. PL/pgSQL plans a statement when it first runs it, so the branches
-- that name a transition table the firing trigger does not have are never planned. Counters are
-- changed in status order, so two statements that touch the same statuses cannot deadlock.
-- SECURITY DEFINER: an admin's own session (RLS policies on contact_messages) may update or
-- delete messages, but has no access to this table.
create function private.contact_message_counts_apply()
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
      select nr.status, pg_catalog.count(*) as delta from new_rows nr group by nr.status order by nr.status
    loop
      update public.contact_message_counts set n = n + d.delta where status = d.status;
    end loop;
  elsif tg_op = 'DELETE' then
    for d in
      select o.status, -pg_catalog.count(*) as delta from old_rows o group by o.status order by o.status
    loop
      update public.contact_message_counts set n = n + d.delta where status = d.status;
    end loop;
  else
    for d in
      select t.status, pg_catalog.sum(t.delta) as delta
      from (
        select nr.status, 1 as delta from new_rows nr
        union all
        select o.status, -1 as delta from old_rows o
      ) t
      group by t.status
      having pg_catalog.sum(t.delta) <> 0
      order by t.status
    loop
      update public.contact_message_counts set n = n + d.delta where status = d.status;
    end loop;
  end if;
  return null;
end;
$$;

revoke all on function private.contact_message_counts_apply() from public, anon, authenticated;

create trigger contact_message_counts_insert
  after insert on public.contact_messages
  referencing new table as new_rows
  for each statement execute function private.contact_message_counts_apply();

create trigger contact_message_counts_update
  after update on public.contact_messages
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.contact_message_counts_apply();

create trigger contact_message_counts_delete
  after delete on public.contact_messages
  referencing old table as old_rows
  for each statement execute function private.contact_message_counts_apply();

create trigger contact_message_counts_truncate
  after truncate on public.contact_messages
  for each statement execute function private.contact_message_counts_apply();
