-- After each of retention's anonymizing batches, what it added to the search indexes' pending
-- lists is merged, as a step of its own (decision 193). Anonymizing an IP address writes the row's new version into every
-- index, the two GIN indexes of the search included, whose new entries wait in a pending list of
-- 64 kB (20261128001000_search_text.sql) until an insert that overflows it merges the whole list
-- into the index. So of two batches of ten rows, one took 4 ms and the next 78 ms: the one that
-- paid for the merge, of entries mostly not its own. Merged after each batch, one batch's entries
-- at a time (2–6 pages: about 5 ms in PGlite), no batch inherits a full list.
--
-- gin_clean_pending_list needs the index's owner, which the server's role is not: SECURITY
-- DEFINER, run as the migrations' role, no argument, a fixed search_path, these two indexes only.
-- Returns the pages it merged.
create function private.merge_message_search_pending()
returns bigint
language sql
volatile
security definer
set search_path = ''
as $$
  select pg_catalog.gin_clean_pending_list('public.contact_messages_search_text_trgm_idx'::pg_catalog.regclass)
       + pg_catalog.gin_clean_pending_list('public.contact_messages_word_starts_idx'::pg_catalog.regclass);
$$;

-- Functions are executable by PUBLIC when created; the Data API's roles get nothing here either.
revoke all on function private.merge_message_search_pending() from public, anon, authenticated, service_role;
grant execute on function private.merge_message_search_pending() to app_server;
