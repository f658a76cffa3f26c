-- Rate limits kept in the database, so they survive restarts and hold across server instances
-- (contact form per address; any other limit of the app). Sliding window: one row per allowed
-- hit, at most `max` rows per key in a window; rows older than their window are pruned as hits
-- arrive. Server only: RLS on and no policies, no grants for anon or authenticated.
-- See docs/decisions/021-rate-limits.md.

create schema if not exists private;

create table public.rate_limit_hits (
  id bigint generated always as identity primary key,
  -- `<limit name>:<subject>`, e.g. `contactPerIp:203.0.113.9` (an address or an e-mail).
  key text not null check (char_length(key) between 1 and 512),
  hit_at timestamptz not null,
  -- hit_at + the window it was counted in: lets any caller prune any key's old rows.
  expires_at timestamptz not null
);

create index rate_limit_hits_key_idx on public.rate_limit_hits (key, hit_at desc);
create index rate_limit_hits_expires_idx on public.rate_limit_hits (expires_at);

alter table public.rate_limit_hits enable row level security;
revoke all on public.rate_limit_hits from anon, authenticated;

-- Seconds until `key` may be hit again at `at` (0: now). With `max` hits in the window, the
-- caller waits until the max-th newest leaves it. Only the two functions below call it.
create function private.rate_limit_wait(p_key text, p_max integer, p_window_seconds integer, p_at timestamptz)
returns integer
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select greatest(1, pg_catalog.ceil(extract(epoch from
              h.hit_at + pg_catalog.make_interval(secs => p_window_seconds) - p_at))::integer)
     from public.rate_limit_hits h
     where h.key = p_key and h.hit_at > p_at - pg_catalog.make_interval(secs => p_window_seconds)
     order by h.hit_at desc
     offset p_max - 1
     limit 1),
    0);
$$;

-- Records one hit for `p_key` when under the limit and returns 0; over it, records nothing and
-- returns the seconds to wait. SECURITY DEFINER so it can write the table that no API role may
-- touch; an advisory lock per key makes concurrent hits on one key (from any number of server
-- instances) count one after another, so at most `max` ever pass in a window.
create function private.rate_limit_hit(p_key text, p_max integer, p_window_seconds integer)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_now timestamptz;
  v_wait integer;
begin
  if p_key is null or p_max is null or p_max < 1 or p_window_seconds is null or p_window_seconds < 1 then
    raise exception 'rate_limit_hit needs a key, max >= 1 and window_seconds >= 1' using errcode = '22023';
  end if;
  -- Held until the transaction ends, i.e. until this hit is committed.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('rate_limit:' || p_key, 0));
  -- Read after the lock: a caller that waited for it sees the time it actually ran.
  v_now := pg_catalog.clock_timestamp();
  delete from public.rate_limit_hits
    where key = p_key and hit_at <= v_now - pg_catalog.make_interval(secs => p_window_seconds);
  v_wait := private.rate_limit_wait(p_key, p_max, p_window_seconds, v_now);
  if v_wait > 0 then
    return v_wait;
  end if;
  insert into public.rate_limit_hits (key, hit_at, expires_at)
    values (p_key, v_now, v_now + pg_catalog.make_interval(secs => p_window_seconds));
  -- Keys that are never hit again (most addresses) are pruned here, a few rows per call, so the
  -- table stays small without a scheduled job; skip locked keeps concurrent callers apart.
  delete from public.rate_limit_hits
    where id in (select id from public.rate_limit_hits
                 where expires_at < v_now order by expires_at limit 100 for update skip locked);
  return 0;
end;
$$;

-- Seconds to wait, without recording a hit (for checking several limits before counting any).
create function private.rate_limit_check(p_key text, p_max integer, p_window_seconds integer)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_key is null or p_max is null or p_max < 1 or p_window_seconds is null or p_window_seconds < 1 then
    raise exception 'rate_limit_check needs a key, max >= 1 and window_seconds >= 1' using errcode = '22023';
  end if;
  return private.rate_limit_wait(p_key, p_max, p_window_seconds, pg_catalog.now());
end;
$$;

-- The Data API can only call functions in public, so the server reaches the two above through
-- these wrappers. Only service_role may execute them (and the private ones they call).
create function public.rate_limit_hit(key text, max integer, window_seconds integer)
returns integer
language sql
volatile
set search_path = ''
as $$ select private.rate_limit_hit(key, max, window_seconds); $$;

create function public.rate_limit_check(key text, max integer, window_seconds integer)
returns integer
language sql
stable
set search_path = ''
as $$ select private.rate_limit_check(key, max, window_seconds); $$;

revoke all on function private.rate_limit_wait(text, integer, integer, timestamptz) from public, anon, authenticated, service_role;
revoke all on function private.rate_limit_hit(text, integer, integer) from public, anon, authenticated;
revoke all on function private.rate_limit_check(text, integer, integer) from public, anon, authenticated;
revoke all on function public.rate_limit_hit(text, integer, integer) from public, anon, authenticated;
revoke all on function public.rate_limit_check(text, integer, integer) from public, anon, authenticated;
grant usage on schema private to service_role;
grant execute on function private.rate_limit_hit(text, integer, integer) to service_role;
grant execute on function private.rate_limit_check(text, integer, integer) to service_role;
grant execute on function public.rate_limit_hit(text, integer, integer) to service_role;
grant execute on function public.rate_limit_check(text, integer, integer) to service_role;
