-- Each statistics table's rows per day (docs/decisions/241-beacon-batches.md): what the unfiltered
-- statistics page reads, a few dozen rows a day instead of every combination of visit_daily.
-- Written with visit_daily by the rollup, from it; nothing that names anyone. `dimension` 'all'
-- (key '') holds the day's totals; 'page' keys are path#section.
create table public.visit_daily_keys (
  day date not null,
  dimension text not null check (dimension in ('all', 'referrer', 'campaign', 'page', 'locale', 'device')),
  key text not null check (char_length(key) <= 300),
  views integer not null check (views >= 0),
  visitors integer not null check (visitors >= 0),
  entries integer not null check (entries >= 0),
  primary key (day, dimension, key)
);

insert into public.visit_daily_keys (day, dimension, key, views, visitors, entries)
select v.day, k.dimension, k.key, sum(v.views), sum(v.visitors), sum(v.entries)
from public.visit_daily v
cross join lateral (values ('all', ''), ('referrer', v.referrer_host), ('campaign', v.utm_campaign),
                           ('page', v.path || case when v.section <> '' then '#' || v.section else '' end),
                           ('locale', v.locale), ('device', v.device)) k (dimension, key)
group by v.day, k.dimension, k.key;

alter table public.visit_daily_keys enable row level security;
revoke all on table public.visit_daily_keys from public, anon, authenticated, service_role;
-- Delete only for a restore, which empties every archived table before loading it.
grant select, insert, delete on public.visit_daily_keys to app_server;
create policy "server: all" on public.visit_daily_keys for all to app_server using (true) with check (true);
