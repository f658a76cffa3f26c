-- What the embedded and postgres modes keep beyond Supabase's schema, and what the server's own
-- role may do with it (the tables of supabase/migrations are granted in their own migration).
-- A server that connects as a login role in `app_server` can do every operation of the app and
-- nothing else: no DDL, no other schema. See docs/decisions/073-database-grants.md.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'app_server') then
    create role app_server nologin;
  end if;
end
$$;

-- The built-in sign-in's secret for hashing codes (postgres mode: every instance must agree on
-- it; the embedded mode keeps its own in DATA_DIR/secret, outside the database).
create table embedded_auth.secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

-- Uploaded files' bytes (postgres mode: every instance serves every upload), beside their row.
create table storage.object_contents (
  bucket_id text not null,
  name text not null,
  content bytea not null,
  primary key (bucket_id, name),
  foreign key (bucket_id, name) references storage.objects (bucket_id, name) on delete cascade
);
alter table storage.object_contents enable row level security;

grant usage on schema embedded_auth to app_server;
grant select, insert, delete on embedded_auth.users to app_server;
grant select, insert, update, delete on embedded_auth.otp_codes to app_server;
grant select, insert, update, delete on embedded_auth.sessions to app_server;
grant select, insert on embedded_auth.secrets to app_server;
grant usage on all sequences in schema embedded_auth to app_server;

grant usage on schema storage to app_server;
grant select on storage.buckets to app_server;
grant select, insert, delete on storage.objects, storage.object_contents to app_server;
create policy "server: read buckets" on storage.buckets for select to app_server using (true);
create policy "server: all objects" on storage.objects for all to app_server using (true) with check (true);
create policy "server: all contents" on storage.object_contents for all to app_server using (true) with check (true);

grant usage on schema embedded_meta to app_server;
grant select on embedded_meta.schema_migrations to app_server;
