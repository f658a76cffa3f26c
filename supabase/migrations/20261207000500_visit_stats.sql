-- Visit statistics without cookies, and each lead's source (docs/decisions/250-cookieless-visit-stats.md).
-- Plain PostgreSQL: PGlite and the postgres mode apply it too. Server only: RLS on, a policy and
-- grants for app_server, nothing for the API roles. '' stands for "none" in every dimension, so
-- the daily aggregates group and filter without NULL cases.

-- 1. The day's random salt (Istanbul's calendar day), shared by every instance: a visitor is
--    hash(salt, site, address, user agent). The first instance that needs a new day's salt
--    deletes the older ones, and the retention job does too: once it is gone, no hash of that day
--    can be linked to a person again. Never backed up (the private schema is not archived).
create table private.visit_salts (
  day date primary key,
  salt bytea not null check (octet_length(salt) = 32)
);

-- 2. Raw page views, kept VISIT_RAW_DAYS. No address, no user agent: `visitor` is the salted hash.
create table public.page_views (
  id uuid primary key,
  day date not null,
  at timestamptz not null,
  visitor bytea not null check (octet_length(visitor) = 16),
  path text not null check (char_length(path) between 1 and 100),
  section text not null default '' check (section ~ '^[a-z0-9-]{0,40}$'),
  locale text not null check (locale in ('tr', 'en')),
  referrer_host text not null default '' check (char_length(referrer_host) <= 253),
  utm_source text not null default '' check (char_length(utm_source) <= 100),
  utm_medium text not null default '' check (char_length(utm_medium) <= 100),
  utm_campaign text not null default '' check (char_length(utm_campaign) <= 100),
  utm_term text not null default '' check (char_length(utm_term) <= 100),
  utm_content text not null default '' check (char_length(utm_content) <= 100),
  device text not null check (device in ('phone', 'tablet', 'desktop')),
  seconds integer check (seconds is null or seconds between 0 and 86400)
);
create index page_views_day_visitor_idx on public.page_views (day, visitor, at);
create index page_views_at_idx on public.page_views (at, id);

-- 3. Daily aggregates, kept: counts per combination of dimensions, nothing that names anyone.
--    A view's referrer and campaign are its visit's (the visitor's first view of the day);
--    `entries` counts the visitors whose first view of the day is in the row, so their sum is the
--    day's visitors; `visitors` counts the distinct visitors of the row (pages' visitors).
create table public.visit_daily (
  day date not null,
  path text not null check (char_length(path) between 1 and 100),
  section text not null check (char_length(section) <= 40),
  locale text not null check (locale in ('tr', 'en')),
  referrer_host text not null check (char_length(referrer_host) <= 253),
  utm_source text not null check (char_length(utm_source) <= 100),
  utm_medium text not null check (char_length(utm_medium) <= 100),
  utm_campaign text not null check (char_length(utm_campaign) <= 100),
  utm_term text not null check (char_length(utm_term) <= 100),
  utm_content text not null check (char_length(utm_content) <= 100),
  device text not null check (device in ('phone', 'tablet', 'desktop')),
  views integer not null check (views >= 0),
  visitors integer not null check (visitors >= 0),
  entries integer not null check (entries >= 0),
  seconds bigint not null default 0 check (seconds >= 0)
);
create index visit_daily_day_idx on public.visit_daily (day);

-- 4. The days already rolled into visit_daily (the statistics read raw views for the others).
create table public.visit_rolled_days (
  day date primary key,
  rolled_at timestamptz not null
);

-- 5. Where a lead came from: referrer host, landing path, UTM values (what the form carried).
alter table public.contact_messages add column source jsonb
  check (source is null or (jsonb_typeof(source) = 'object' and octet_length(source::text) <= 1000));

-- 6. The retention job's new categories: raw views past their period, and the days' salts.
alter table public.destruction_records drop constraint destruction_records_category_check;
alter table public.destruction_records add constraint destruction_records_category_check check (category in
  ('messages', 'trash', 'spam', 'ip_addresses', 'mail', 'rate_limits', 'destruction_records', 'activity_log', 'page_views',
   'visit_salts'));

alter table private.visit_salts enable row level security;
alter table public.page_views enable row level security;
alter table public.visit_daily enable row level security;
alter table public.visit_rolled_days enable row level security;
revoke all on table private.visit_salts, public.page_views, public.visit_daily, public.visit_rolled_days
  from public, anon, authenticated, service_role;

grant select, insert, delete on private.visit_salts to app_server;
grant select, insert, update, delete on public.page_views to app_server;
-- Delete only for a restore, which empties every archived table before loading it.
grant select, insert, delete on public.visit_daily to app_server;
grant select, insert, delete on public.visit_rolled_days to app_server;
create policy "server: all" on private.visit_salts for all to app_server using (true) with check (true);
create policy "server: all" on public.page_views for all to app_server using (true) with check (true);
create policy "server: all" on public.visit_daily for all to app_server using (true) with check (true);
create policy "server: all" on public.visit_rolled_days for all to app_server using (true) with check (true);
