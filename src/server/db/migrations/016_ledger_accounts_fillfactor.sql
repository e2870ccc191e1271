-- Every transfer rewrites its two account rows (a settlement batch, ~1,000 players' wallets in one
-- statement). A balance is not indexed, so the update can be HOT (no new index entries, no index
-- bloat) if the row's page has room for the new version: with the pages full, only ~9 % of account
-- updates were HOT in the settlement benchmark. Pages filled to half leave room for every account
-- of a page to change in one statement (the old versions cannot be pruned before it commits).
-- The table is small (five rows per user); CLUSTER rewrites the rows already there with the new
-- fill factor (it may run in the migration's transaction; VACUUM FULL may not).
alter table ledger_accounts set (fillfactor = 50);
cluster ledger_accounts using ledger_accounts_pkey;
alter table ledger_accounts set without cluster;
