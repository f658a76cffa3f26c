-- Row level security on every table. The app's server already authorizes each call;
-- these policies keep the data safe from anyone holding the public (anon) key.

create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.admin_emails
    where email = lower(coalesce(auth.jwt() ->> 'email', ''))
  );
$$;

revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

alter table public.contact_messages enable row level security;
alter table public.admin_emails enable row level security;
alter table public.hero_settings enable row level security;

-- Contact messages: anyone may submit a new one; only admins read, change or delete.
create policy "contact: anyone submits a new message" on public.contact_messages
  for insert to anon, authenticated
  with check (status = 'new' and read_at is null);
create policy "contact: admins read" on public.contact_messages
  for select to authenticated using (public.is_admin());
create policy "contact: admins update" on public.contact_messages
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "contact: admins delete" on public.contact_messages
  for delete to authenticated using (public.is_admin());

-- Admin list: a signed-in user may see only their own row (the spec's admin check).
create policy "admins: read own row" on public.admin_emails
  for select to authenticated
  using (email = lower(coalesce(auth.jwt() ->> 'email', '')));

-- Hero banners: public read; admins write.
create policy "hero: public read" on public.hero_settings
  for select to anon, authenticated using (true);
create policy "hero: admins insert" on public.hero_settings
  for insert to authenticated with check (public.is_admin());
create policy "hero: admins update" on public.hero_settings
  for update to authenticated using (public.is_admin()) with check (public.is_admin());

-- Anonymous visitors see only the columns the spec makes public.
revoke select on public.hero_settings from anon;
grant select (key, image_url, updated_at) on public.hero_settings to anon;
