-- Passkeys (docs/decisions/233-passkeys.md): the app's own tables in every mode, also beside
-- Supabase Auth. Each row names a team member; removal from the team (or erasure) takes their
-- passkeys, pending challenges and passkey proofs with it (on delete cascade). Server only: RLS on,
-- a policy and least grants for app_server, nothing for the API roles.

-- 1. One row a passkey: the credential's id and public key (not secrets), its signature counter.
create table public.staff_passkeys (
  id text primary key check (id ~ '^[A-Za-z0-9_-]+$' and char_length(id) between 16 and 1400),
  email text not null references public.admin_emails (email) on delete cascade,
  -- The WebAuthn user handle (base64url), one per person, stored on the authenticator.
  user_handle text not null check (user_handle ~ '^[A-Za-z0-9_-]{16,128}$'),
  public_key bytea not null check (octet_length(public_key) <= 4096),
  counter bigint not null default 0 check (counter >= 0),
  transports text[] not null default '{}' check (cardinality(transports) <= 8),
  name text not null check (char_length(name) between 1 and 80),
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index staff_passkeys_email_idx on public.staff_passkeys (email, created_at);

-- 2. Challenges: single-use (deleted when answered), short-lived (LIMITS.passkeys).
create table public.passkey_challenges (
  challenge text primary key check (challenge ~ '^[A-Za-z0-9_-]{32,128}$'),
  purpose text not null check (purpose in ('register', 'sign_in', 'verify')),
  -- The signed-in member a registration or verification is for; null for a sign-in.
  email text references public.admin_emails (email) on delete cascade,
  -- A registration's user handle (new for a first passkey), stored on the authenticator when it answers.
  user_handle text check (user_handle ~ '^[A-Za-z0-9_-]{16,128}$'),
  expires_at timestamptz not null
);
create index passkey_challenges_expiry_idx on public.passkey_challenges (expires_at);

-- 3. Proofs: a browser that answered with a passkey (its cookie's hash), until its session would end.
create table public.passkey_proofs (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  email text not null references public.admin_emails (email) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index passkey_proofs_email_idx on public.passkey_proofs (email);

alter table public.staff_passkeys enable row level security;
alter table public.passkey_challenges enable row level security;
alter table public.passkey_proofs enable row level security;
revoke all on table public.staff_passkeys, public.passkey_challenges, public.passkey_proofs
  from public, anon, authenticated, service_role;
grant select, insert, delete on public.staff_passkeys to app_server;
grant update (counter, last_used_at) on public.staff_passkeys to app_server;
grant select, insert, delete on public.passkey_challenges, public.passkey_proofs to app_server;
create policy "server: all" on public.staff_passkeys for all to app_server using (true) with check (true);
create policy "server: all" on public.passkey_challenges for all to app_server using (true) with check (true);
create policy "server: all" on public.passkey_proofs for all to app_server using (true) with check (true);
