-- Security alerts to the owners (docs/decisions/231-codes-bound-to-the-browser.md): a new mail
-- kind. The row says what happened (a code, counts, addresses of staff); it is rendered in the
-- recipient's language when delivered, like every other mail.
alter table public.mail_queue drop constraint mail_queue_kind_check;
alter table public.mail_queue add constraint mail_queue_kind_check
  check (kind in ('sign_in_code', 'new_message', 'digest', 'owner_alert'));
