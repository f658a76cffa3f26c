-- Two roles on the admin list (docs/decisions/232-owners-and-admins.md): 'owner' (Sahip) also
-- changes the team and roles, uses the KVKK page, reads the activity log and sees backup status;
-- 'admin' (Yönetici) works the inbox, banners and content. Every admin existing now becomes an
-- owner, and so does the first admin of a database without one (the seed, `npm run users`).
alter table public.admin_emails
  add column role text not null default 'admin' check (role in ('owner', 'admin'));
update public.admin_emails set role = 'owner';

create function private.first_admin_is_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select from public.admin_emails where role = 'owner') then
    new.role := 'owner';
  end if;
  return new;
end;
$$;

revoke all on function private.first_admin_is_owner() from public, anon, authenticated, service_role;

create trigger admin_emails_first_owner
  before insert on public.admin_emails
  for each row execute function private.first_admin_is_owner();

-- The server changes a role, nothing else of a row (the team page, under the team lock).
grant update (role) on public.admin_emails to app_server;
