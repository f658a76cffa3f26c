-- The team history is no longer deletable (docs/decisions/230-activity-log.md): erasing a person
-- used to delete the admin_changes rows naming them, so one could add an address, use it and erase
-- the trace. Now the server may only read the history; an erasure replaces the address by the
-- erasure records' keyed hash through the function below, and no row goes.
revoke delete on public.admin_changes from app_server;

create function private.admin_changes_pseudonymize(erased text, hash text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  if erased is null or hash !~ '^[0-9a-f]{64}$' then
    raise exception 'admin_changes_pseudonymize: an address and a 64-hex hash' using errcode = '22023';
  end if;
  update public.admin_changes
     set email = case when email = erased then hash else email end,
         actor = case when actor = erased then hash else actor end
   where email = erased or actor = erased;
  get diagnostics n = row_count;
  return n;
end;
$$;

revoke all on function private.admin_changes_pseudonymize(text, text) from public, anon, authenticated, service_role;
grant execute on function private.admin_changes_pseudonymize(text, text) to app_server;
