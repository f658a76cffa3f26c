-- A lead's history ('Geçmiş', docs/decisions/240-leads-as-a-team.md), completed: a removed team
-- member's leads say so in their history, and an erased colleague's address leaves the owner
-- changes' old and new values too. Plain PostgreSQL: PGlite and the postgres mode apply it too.

-- 1. A removed member's leads become unassigned (as before), now with their history line in the
--    same statement: one activity row per 10,000 leads (the log's cap on message_ids), by the
--    admin who removed them (`app.actor`, set by the team store), `cli` when nobody is named.
create or replace function private.unassign_removed_owner()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  with changed as (
    update public.contact_messages set owner_email = null where owner_email = old.email returning id
  ), numbered as (
    select id, (pg_catalog.row_number() over () - 1) / 10000 as chunk from changed
  )
  insert into public.activity_log (actor, action, message_ids, detail)
  select coalesce(nullif(pg_catalog.current_setting('app.actor', true), ''), 'cli'), 'message.owner',
         pg_catalog.array_agg(id),
         pg_catalog.jsonb_build_object('from', old.email, 'to', null, 'left', true, 'count', pg_catalog.count(*))
  from numbered group by chunk;
  return null;
end;
$$;

-- 2. Erasure: the address becomes the keyed hash as actor, subject, and an owner change's
--    `from` / `to` (the only detail values that name a person).
create or replace function private.activity_log_pseudonymize(erased text, hash text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  if erased is null or hash !~ '^[0-9a-f]{64}$' then
    raise exception 'activity_log_pseudonymize: an address and a 64-hex hash' using errcode = '22023';
  end if;
  update public.activity_log
     set actor = case when lower(actor) = erased then hash else actor end,
         subject = case when lower(subject) = erased then hash else subject end,
         detail = detail
           || case when lower(detail ->> 'from') = erased then pg_catalog.jsonb_build_object('from', hash) else '{}'::jsonb end
           || case when lower(detail ->> 'to') = erased then pg_catalog.jsonb_build_object('to', hash) else '{}'::jsonb end
   where lower(actor) = erased or lower(subject) = erased
      or lower(detail ->> 'from') = erased or lower(detail ->> 'to') = erased;
  get diagnostics n = row_count;
  return n;
end;
$$;
