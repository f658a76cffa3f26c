-- Searches too short for a trigram (docs/decisions/032-inbox-at-scale.md). pg_trgm finds nothing
-- to look up in a term without three letters or digits in a row ("x@", "ay", "ö"), so such a
-- term would scan every message (1.4 s at 100,000 in the embedded mode). Instead it matches the
-- start of a word in the sender's name or e-mail address, or the start of the address itself,
-- which these indexes answer at any size. Plain PostgreSQL: PGlite applies it too.

-- The first one and two characters of every word of name and e-mail, lowercased as ILIKE does.
create function private.search_word_starts(name text, email text)
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(pg_catalog.array_agg(distinct pg_catalog.left(w.word, n.len)), '{}')
  from pg_catalog.regexp_split_to_table(pg_catalog.lower(name || ' ' || email), '[^[:alnum:]]+') as w (word),
       (values (1), (2)) as n (len)
  where w.word <> ''
$$;

revoke all on function private.search_word_starts(text, text) from public, anon, authenticated, service_role;
-- The stored column below is computed as the inserting role: the server's.
grant execute on function private.search_word_starts(text, text) to app_server;

-- Stored, so that a query compares arrays instead of splitting every row's text again (the
-- planner cannot know how rare a word start is without statistics on a column).
alter table public.contact_messages
  add column search_word_starts text[] generated always as (private.search_word_starts(name, email)) stored;

create index contact_messages_word_starts_idx on public.contact_messages using gin (search_word_starts);
create index contact_messages_name_prefix_idx on public.contact_messages (pg_catalog.lower(name) text_pattern_ops);
create index contact_messages_email_prefix_idx on public.contact_messages (pg_catalog.lower(email) text_pattern_ops);
