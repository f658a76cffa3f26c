-- The figures of the days not rolled up yet (today, mostly), kept as views are stored
-- (docs/decisions/241-beacon-batches.md): visit_daily's shape, so the statistics page never groups
-- raw views per request. Nothing names anyone (no visitor hash). A statement trigger on page_views
-- adds each insert's change: the figures of the visitors it touched, recomputed from their raw rows
-- of the day, minus the same without the new rows. A visitor's share of every figure depends only on
-- their own views of the day, so the sum stays exactly what grouping every raw view gives, whatever
-- order views arrive in (a view earlier than the visitor's first moves the visit's referrer).
create table public.visit_live (
  day date not null,
  path text not null,
  section text not null,
  locale text not null,
  referrer_host text not null,
  utm_source text not null,
  utm_medium text not null,
  utm_campaign text not null,
  utm_term text not null,
  utm_content text not null,
  device text not null,
  -- No check on the counts: a drift must not make the beacons' inserts fail.
  views integer not null,
  visitors integer not null,
  entries integer not null,
  primary key (day, path, section, locale, referrer_host, utm_source, utm_medium, utm_campaign, utm_term,
               utm_content, device)
);

-- One insert at a time (the advisory lock, advisory-lock.server.ts's visitCounts): in READ COMMITTED
-- each statement below sees every insert committed before, so two instances' batches of the same
-- visitor cannot both count from one state. Views of days already rolled up are not counted here.
-- SECURITY DEFINER: the server's role may read and empty the table but not change its counts.
create function private.visit_live_apply()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(7305118491);
  with touched as (
    select distinct a.day, a.visitor from added a
    where not exists (select from public.visit_rolled_days r where r.day = a.day)
  ),
  mine as (
    select v.* from public.page_views v join touched t on t.day = v.day and t.visitor = v.visitor
  ),
  -- Each visitor's views after the insert (later) and before it (not later: without the new rows).
  states as (
    select m.*, true as later from mine m
    union all
    select m.*, false from mine m where not exists (select from added a where a.id = m.id)
  ),
  ranked as (
    select s.later, s.day, s.visitor, s.path, s.section, s.locale, s.device,
           first_value(s.referrer_host) over w as referrer_host, first_value(s.utm_source) over w as utm_source,
           first_value(s.utm_medium) over w as utm_medium, first_value(s.utm_campaign) over w as utm_campaign,
           first_value(s.utm_term) over w as utm_term, first_value(s.utm_content) over w as utm_content,
           row_number() over w = 1 as first
    from states s
    window w as (partition by s.later, s.day, s.visitor order by s.at, s.id)
  ),
  grouped as (
    select r.day, r.path, r.section, r.locale, r.referrer_host, r.utm_source, r.utm_medium, r.utm_campaign,
           r.utm_term, r.utm_content, r.device,
           (case when r.later then 1 else -1 end) * count(*) as views,
           (case when r.later then 1 else -1 end) * count(distinct r.visitor) as visitors,
           (case when r.later then 1 else -1 end) * count(*) filter (where r.first) as entries
    from ranked r
    group by r.later, r.day, r.path, r.section, r.locale, r.referrer_host, r.utm_source, r.utm_medium,
             r.utm_campaign, r.utm_term, r.utm_content, r.device
  )
  insert into public.visit_live as l (day, path, section, locale, referrer_host, utm_source, utm_medium,
                                      utm_campaign, utm_term, utm_content, device, views, visitors, entries)
  select g.day, g.path, g.section, g.locale, g.referrer_host, g.utm_source, g.utm_medium, g.utm_campaign,
         g.utm_term, g.utm_content, g.device, sum(g.views), sum(g.visitors), sum(g.entries)
  from grouped g
  group by g.day, g.path, g.section, g.locale, g.referrer_host, g.utm_source, g.utm_medium, g.utm_campaign,
           g.utm_term, g.utm_content, g.device
  having sum(g.views) <> 0 or sum(g.visitors) <> 0 or sum(g.entries) <> 0
  on conflict (day, path, section, locale, referrer_host, utm_source, utm_medium, utm_campaign, utm_term,
               utm_content, device)
  do update set views = l.views + excluded.views, visitors = l.visitors + excluded.visitors,
                entries = l.entries + excluded.entries;
  return null;
end;
$$;

revoke all on function private.visit_live_apply() from public, anon, authenticated;

create trigger page_views_count
  after insert on public.page_views
  referencing new table as added
  for each statement execute function private.visit_live_apply();

-- The days stored before this migration and not rolled up yet, as the rollup would group them.
insert into public.visit_live (day, path, section, locale, referrer_host, utm_source, utm_medium, utm_campaign,
                               utm_term, utm_content, device, views, visitors, entries)
select day, path, section, locale, referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content,
       device, count(*), count(distinct visitor), count(*) filter (where first)
from (select v.day, v.visitor, v.path, v.section, v.locale, v.device,
             first_value(v.referrer_host) over w as referrer_host, first_value(v.utm_source) over w as utm_source,
             first_value(v.utm_medium) over w as utm_medium, first_value(v.utm_campaign) over w as utm_campaign,
             first_value(v.utm_term) over w as utm_term, first_value(v.utm_content) over w as utm_content,
             row_number() over w = 1 as first
      from public.page_views v
      where not exists (select from public.visit_rolled_days r where r.day = v.day)
      window w as (partition by v.day, v.visitor order by v.at, v.id)) r
group by day, path, section, locale, referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content,
         device;

alter table public.visit_live enable row level security;
revoke all on table public.visit_live from public, anon, authenticated, service_role;
-- Delete for the rollup (a day's rows once rolled) and a restore; insert for a restore's load.
grant select, insert, delete on public.visit_live to app_server;
create policy "server: all" on public.visit_live for all to app_server using (true) with check (true);
