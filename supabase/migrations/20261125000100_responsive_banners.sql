-- Responsive banners (docs/decisions/040-banners.md): every uploaded banner image is
-- stored with AVIF and WebP copies over a ladder of widths, and a banner may have a mobile image,
-- shown below the small breakpoint. Plain PostgreSQL: it also applies on PGlite and in the
-- postgres mode after the embedded stand-in prelude.

-- 1. The bucket takes AVIF too, the copies' first format.
update storage.buckets
set allowed_mime_types = array['image/jpeg', 'image/png', 'image/webp', 'image/avif']
where id = 'industry-images';

-- 2. Which copies an image has ({ width, height, widths }: one file per width and format, named
--    after the image), and the mobile image with its own. app_server's table-level grants
--    (20261125000000) cover the new columns.
alter table public.hero_settings
  add column image_variants jsonb
    check (image_variants is null or (jsonb_typeof(image_variants) = 'object' and octet_length(image_variants::text) <= 500)),
  add column mobile_image_url text
    check (mobile_image_url is null or char_length(mobile_image_url) <= 2048),
  add column mobile_image_variants jsonb
    check (mobile_image_variants is null or (jsonb_typeof(mobile_image_variants) = 'object' and octet_length(mobile_image_variants::text) <= 500));

-- 3. Live banner events carry what the page needs to show the new images. A notification holds
--    at most 8000 bytes and two long addresses can pass that: then only the key and the time
--    travel (`partial`), and each server reads the row itself. Either way the save goes through.
create or replace function private.notify_banner_change()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  payload text := pg_catalog.json_build_object(
    'key', new.key, 'imageUrl', new.image_url, 'updatedAt', new.updated_at,
    'imageVariants', new.image_variants, 'mobileImageUrl', new.mobile_image_url,
    'mobileImageVariants', new.mobile_image_variants)::text;
begin
  if pg_catalog.octet_length(payload) > 7900 then
    payload := pg_catalog.json_build_object('key', new.key, 'updatedAt', new.updated_at, 'partial', true)::text;
  end if;
  perform pg_catalog.pg_notify('banner_changes', payload);
  return null;
end;
$$;

revoke all on function private.notify_banner_change() from public, anon, authenticated, service_role;
