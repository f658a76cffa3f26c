-- The statistics that the inbox's search reads to choose how to count a term (decisions 171 and
-- 172), for the server's own role. pg_stats shows a column's statistics only to roles to which
-- the table's row-level security does not apply (`not row_security_active(c.oid)`), so it hides
-- public.contact_messages from app_server, which neither owns the table nor bypasses RLS: in the
-- postgres and Supabase modes the search never had its estimate. See
-- docs/decisions/032-inbox-at-scale.md.
--
-- SECURITY DEFINER, run as the migrations' role (the table's owner: `postgres` on Supabase, the
-- database's owner elsewhere, the superuser in PGlite), to which RLS does not apply. It returns
-- exactly what src/backend/sql/messages.server.ts reads, of two columns of one table, and nothing
-- of any other: search_text's most common values, their shares, its histogram and its share of
-- NULLs; search_word_starts' most common elements and their shares. These are samples of the
-- messages' own text, which app_server may read whole anyway (SELECT on the table, and a policy
-- for all rows); no other role may call it. Stable, no argument, a fixed search_path: nothing a
-- caller passes or puts on its path can change what it reads.
create function private.message_search_stats()
returns table (
  text_common text[],
  text_shares real[],
  text_histogram text[],
  text_nulls real,
  start_common text[],
  start_shares real[]
)
language sql
stable
security definer
set search_path = ''
as $$
  select t.most_common_vals::text::text[], t.most_common_freqs, t.histogram_bounds::text::text[], t.null_frac,
         w.most_common_elems::text::text[], w.most_common_elem_freqs
  from (select) as one
  left join pg_catalog.pg_stats t
    on t.schemaname = 'public' and t.tablename = 'contact_messages' and t.attname = 'search_text' and not t.inherited
  left join pg_catalog.pg_stats w
    on w.schemaname = 'public' and w.tablename = 'contact_messages' and w.attname = 'search_word_starts' and not w.inherited;
$$;

-- Functions are executable by PUBLIC when created; the Data API's roles get nothing here either.
revoke all on function private.message_search_stats() from public, anon, authenticated, service_role;
grant execute on function private.message_search_stats() to app_server;
