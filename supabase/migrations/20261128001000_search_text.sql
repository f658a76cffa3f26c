-- Searching while typing at 100,000 messages (docs/decisions/140-search-while-typing.md).
-- A substring search used to be three ILIKEs (name, e-mail, message) answered by three trigram
-- indexes: every search read three indexes, and every candidate row was lower-cased again by
-- ILIKE, up to three times (about 10 µs a column in PGlite). The lowercased text of the three,
-- stored once, is searched with one plain LIKE through one trigram index: the same matches
-- (ILIKE compares lower(text) with lower(pattern), letter by letter, as lower() does here), one
-- index to read, and a comparison per row several times cheaper.
-- The separator (U+0001) is a control character that no search term holds (the inbox drops
-- them, inbox.schemas.ts normalizeSearch), so no match can span two fields.
alter table public.contact_messages
  add column search_text text generated always as
    (pg_catalog.lower(name || E'\x01' || email || E'\x01' || message)) stored;

drop index public.contact_messages_name_trgm_idx;
drop index public.contact_messages_email_trgm_idx;
drop index public.contact_messages_message_trgm_idx;

-- A GIN index keeps new entries in a pending list that every search reads whole until it
-- reaches gin_pending_list_limit (4 MB by default) or a vacuum merges it: after a day of new
-- messages and status changes, a few hundred pages that each search scanned (20–60 ms in PGlite
-- measured). The smallest limit (64 kB) keeps that list to a few pages; it is merged more often,
-- in small steps, while writing.
-- pg_trgm lives in `extensions` where it could be moved, else in `public` (migration
-- 20261125000000_server_role_and_grants.sql): the operator class is named in its own schema.
do $$
begin
  execute pg_catalog.format(
    'create index contact_messages_search_text_trgm_idx on public.contact_messages '
    'using gin (search_text %I.gin_trgm_ops) with (gin_pending_list_limit = 64)',
    (select n.nspname from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace
     where e.extname = 'pg_trgm'));
end
$$;
alter index public.contact_messages_word_starts_idx set (gin_pending_list_limit = 64);

-- The planner weighs the index against a walk through the table by how common the term is,
-- which it reads from the new column's statistics (the embedded server's maintenance and
-- PostgreSQL's autovacuum keep them after this).
analyze public.contact_messages;
