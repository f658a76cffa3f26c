-- Who may touch what. The app's server reads and writes with the service role after its server
-- functions have authorized the caller; everything here guards the data against anyone calling
-- the Data API directly with the public anon key or a user's own session token.
-- Least privilege in two layers: table grants say which operations a role may attempt at all,
-- row level security says on which rows. See docs/decisions/073-database-grants.md.

-- 1. Grants. Supabase grants anon and authenticated everything on objects created in public
--    (default privileges of the role running migrations); take that back, now and for objects
--    that later migrations create, and grant per table below. service_role keeps its grants.
revoke all on all tables in schema public from anon, authenticated;
revoke all on all sequences in schema public from anon, authenticated;
revoke all on all functions in schema public from public, anon, authenticated;
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;
-- Postgres lets PUBLIC execute every new function; a per-schema rule cannot take that back.
alter default privileges revoke execute on functions from public;

-- 2. The admin check, for policies. SECURITY DEFINER so it can read admin_emails, which the
--    caller cannot; an empty search_path so nothing the caller creates can stand in for the
--    objects it names. Policies run as the querying role, so `authenticated` (the only role the
--    admin policies apply to) needs USAGE on private and EXECUTE on it; the Data API still
--    cannot call it, because it exposes only the public schema.
create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.admin_emails
    where email = pg_catalog.lower(coalesce(auth.jwt() ->> 'email', ''))
  );
$$;

revoke all on schema private from public, anon;
revoke all on all functions in schema private from public, anon, authenticated;
grant usage on schema private to authenticated, service_role;
grant execute on function private.is_admin() to authenticated;

alter table public.contact_messages enable row level security;
alter table public.admin_emails enable row level security;
alter table public.hero_settings enable row level security;

-- 3. Contact messages: admins read, change and delete. Nobody inserts through the API: the
--    server stores each message with the service role after validating it, rate-limiting the
--    sender and dropping bots (decision 005), so there is no insert grant and no insert policy.
grant select, update, delete on public.contact_messages to authenticated;

-- `(select …)` runs the check once per statement instead of once per row.
create policy "contact: admins read" on public.contact_messages
  for select to authenticated using ((select private.is_admin()));
create policy "contact: admins update" on public.contact_messages
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "contact: admins delete" on public.contact_messages
  for delete to authenticated using ((select private.is_admin()));

-- 4. Admin list: a signed-in user may see their own row only (am I an admin?); anon nothing.
grant select on public.admin_emails to authenticated;

create policy "admins: read own row" on public.admin_emails
  for select to authenticated
  using (email = pg_catalog.lower(coalesce((select auth.jwt()) ->> 'email', '')));

-- 5. Hero banners: anyone reads the columns a public page needs; admins insert and update.
--    Signed-in users also read title and badge (a banner's name and language code, not secret):
--    an upsert that sets them reads `excluded.title`, which needs SELECT on the column, so
--    without it admins could not save a banner the way the app does.
grant select (key, image_url, updated_at) on public.hero_settings to anon;
grant select (key, image_url, title, badge, updated_at) on public.hero_settings to authenticated;
grant insert, update on public.hero_settings to authenticated;

create policy "hero: public read" on public.hero_settings
  for select to anon, authenticated using (true);
create policy "hero: admins insert" on public.hero_settings
  for insert to authenticated with check ((select private.is_admin()));
create policy "hero: admins update" on public.hero_settings
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
