-- Retention's anonymizing batches read the next messages whose IP address is still kept, in the
-- order (created_at, id), after a cursor (decision 193). The partial index of
-- 20261130001000_retention_pass.sql held created_at alone, so it could not give that order, and
-- once most addresses were anonymized the planner walked the date index from the oldest message
-- instead, past every anonymized one: on the bench's 100,000 messages the first batch of each start
-- of the server read 42,226 rows in 450–600 ms to find the ten addresses still due. With id in the
-- index, the batch reads only the addresses still kept (1.2 ms, decision 193).
drop index public.contact_messages_ip_kept_idx;
create index contact_messages_ip_kept_idx on public.contact_messages (created_at, id)
  where ip_address is not null;
