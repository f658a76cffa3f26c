-- Public bucket for banner images; only admins write. Live banner updates over Realtime.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('industry-images', 'industry-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;

create policy "images: public read" on storage.objects
  for select to anon, authenticated using (bucket_id = 'industry-images');
create policy "images: admins upload" on storage.objects
  for insert to authenticated with check (bucket_id = 'industry-images' and (select private.is_admin()));

alter publication supabase_realtime add table public.hero_settings;
