-- Local development only: `npx supabase db reset` (and the first `npx supabase start`) runs
-- this after supabase/migrations. Hosted projects are never seeded: create admins there with
-- `npm run users -- add <email> --admin`.
--
-- Two accounts, as in the embedded backend's seed: admin@example.com is on the admin list,
-- staff@example.com can sign in but is not (the unauthorized case). Ask for a code on
-- /admin/login and read it at http://127.0.0.1:54324.

insert into public.admin_emails (email)
values ('admin@example.com')
on conflict (email) do nothing;

-- Codes go only to existing users (signups are off), so both need an auth user: a confirmed
-- e-mail account without a password. The token columns are set to '' because Supabase Auth
-- cannot read them as NULL.
with wanted (email) as (
  values ('admin@example.com'), ('staff@example.com')
),
new_users as (
  insert into auth.users (
    instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
    confirmation_token, recovery_token, email_change_token_new, email_change
  )
  select
    '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
    wanted.email, '', now(),
    '{"provider": "email", "providers": ["email"]}', '{}', now(), now(),
    '', '', '', ''
  from wanted
  where not exists (select 1 from auth.users u where u.email = wanted.email)
  returning id, email
)
insert into auth.identities (id, user_id, provider_id, provider, identity_data, last_sign_in_at, created_at, updated_at)
select
  gen_random_uuid(), id, id::text, 'email',
  jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true),
  now(), now(), now()
from new_users;
