-- Sign-in codes bound to the browser that asked (docs/decisions/231-codes-bound-to-the-browser.md).
-- The built-in sign-in's tables exist in the embedded and postgres modes only (a Supabase project
-- signs in through Supabase Auth): there, each code row names its browser by the SHA-256 of a
-- random HttpOnly cookie, and a new code retires only the same browser's earlier one.
do $$
begin
  if pg_catalog.to_regclass('builtin_auth.otp_codes') is not null then
    alter table builtin_auth.otp_codes
      add column browser text check (browser is null or browser ~ '^[0-9a-f]{64}$');
    create index otp_codes_email_browser_idx on builtin_auth.otp_codes (email, browser, created_at desc, id desc);
  end if;
end
$$;
