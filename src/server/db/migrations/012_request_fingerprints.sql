-- The fingerprint of the request that made a bet submission or a chase: sha256 (hex) of the
-- canonical JSON of its money-relevant fields (src/server/http/idempotency.ts). A request id
-- repeated with another fingerprint is a different request under a used id and is refused; the
-- same fingerprint answers the stored result. A submission's fingerprint is kept on its first bet
-- (request_index 0) only. Rows made before this column are null: their repeats are answered as before.
alter table bets add column request_hash text;
alter table chases add column request_hash text;
