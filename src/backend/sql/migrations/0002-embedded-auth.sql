-- Sign-in for the embedded backend: users, one-time codes and sessions. Codes and session
-- tokens are stored only as hashes. See docs/decisions/075-one-sql-core.md.

create schema if not exists embedded_auth;
revoke all on schema embedded_auth from public;

create table embedded_auth.users (
  id uuid primary key default gen_random_uuid(),
  email text not null unique check (email = lower(email) and char_length(email) between 3 and 254),
  created_at timestamptz not null default now()
);

create table embedded_auth.otp_codes (
  id bigint generated always as identity primary key,
  email text not null references embedded_auth.users (email) on delete cascade,
  -- HMAC-SHA256 of e-mail and code, keyed with the data folder's secret.
  code_hash text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  used boolean not null default false
);

-- sendCode and verifyCode only ever look at an address's latest code.
create index otp_codes_email_created_idx on embedded_auth.otp_codes (email, created_at desc, id desc);

create table embedded_auth.sessions (
  -- SHA-256 of the cookie's token; the token itself is never stored.
  token_hash text primary key,
  user_id uuid not null references embedded_auth.users (id) on delete cascade,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null
);

create index sessions_user_idx on embedded_auth.sessions (user_id);
