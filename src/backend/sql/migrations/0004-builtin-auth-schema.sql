-- The built-in sign-in's schema is called `builtin_auth`: the postgres mode uses it as much as the
-- embedded one. See docs/decisions/075-one-sql-core.md.
--
-- A rename keeps the tables, their rows, indexes, foreign keys, identity sequences, ownership and
-- every grant (to app_server included): they refer to the schema by its oid, not by its name. Only
-- text that names the schema would need rewriting (function bodies, `set search_path`), and no
-- function, trigger, view, default or policy of 0001-0003 or supabase/migrations names it.
alter schema embedded_auth rename to builtin_auth;

-- sendCode and verifyCode lock the user's row (SELECT ... FOR UPDATE), which PostgreSQL allows
-- only with UPDATE on at least one of its columns: 0003 gave app_server none, so a server
-- connecting as a login role in app_server could not sign anyone in (found by this migration's
-- test, tests/backend/schema-rename.contract.ts). One column that nothing refers to is enough;
-- the server never updates it.
grant update (created_at) on builtin_auth.users to app_server;
