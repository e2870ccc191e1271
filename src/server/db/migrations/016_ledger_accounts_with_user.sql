-- A user's ledger accounts are made with the user row, by the database, whoever inserts it (the
-- registration, a seed, a bulk insert of a test or benchmark): the ledger only ever finds accounts,
-- so no money transaction creates one (a row inserted there stays locked until commit, outside the
-- id order in which transfers lock accounts). One statement-level trigger per INSERT, in (user, kind)
-- order. The kinds are ledger.ts USER_KINDS; a new kind needs a migration changing both.
create function ledger_accounts_for_new_users() returns trigger language plpgsql as $$
begin
  insert into ledger_accounts (kind, user_id)
  select k, u.id
  from new_users u, unnest(array['player', 'pledge_escrow', 'red_envelope_escrow', 'virtual_wallet', 'withdraw_hold']) as k
  order by u.id, k
  on conflict (kind, coalesce(user_id, 0)) do nothing;
  return null;
end $$;

create trigger users_ledger_accounts after insert on users
  referencing new table as new_users
  for each statement execute function ledger_accounts_for_new_users();

-- Users made before this trigger (none should lack one after 010, but the rule is now the database's).
insert into ledger_accounts (kind, user_id)
select k, u.id
from users u, unnest(array['player', 'pledge_escrow', 'red_envelope_escrow', 'virtual_wallet', 'withdraw_hold']) as k
order by u.id, k
on conflict (kind, coalesce(user_id, 0)) do nothing;

-- The journal's references, checked once per statement instead of once per row. The row-level
-- foreign keys of `transfers` (debit, credit, user) cost three look-ups per journal row: settling
-- 10,000 bets spent more time in them than in the insert itself. The same rule, set-based: every
-- account and user a new journal row names exists, and is held (FOR KEY SHARE, as a foreign key
-- holds it) until commit; a referenced account or user cannot be deleted. Journal rows are never
-- updated (append only), which the update trigger makes a rule too.
alter table transfers
  drop constraint transfers_debit_account_id_fkey,
  drop constraint transfers_credit_account_id_fkey,
  drop constraint transfers_user_id_fkey;

create function transfers_references_exist() returns trigger language plpgsql as $$
declare
  wanted bigint;
  found bigint;
begin
  select count(*) into wanted from (select debit_account_id from new_rows union select credit_account_id from new_rows) r;
  select count(*) into found from (
    select a.id from ledger_accounts a
    where a.id in (select debit_account_id from new_rows union select credit_account_id from new_rows)
    for key share of a) x;
  if found <> wanted then
    raise exception 'transfers: a ledger account that does not exist' using errcode = '23503';
  end if;
  select count(*) into wanted from (select distinct user_id from new_rows where user_id is not null) r;
  select count(*) into found from (
    select u.id from users u where u.id in (select user_id from new_rows) for key share of u) x;
  if found <> wanted then
    raise exception 'transfers: a user that does not exist' using errcode = '23503';
  end if;
  return null;
end $$;

create trigger transfers_references after insert on transfers
  referencing new table as new_rows
  for each statement execute function transfers_references_exist();

create function transfers_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'transfers are append only' using errcode = '23503';
end $$;

create trigger transfers_no_update before update of debit_account_id, credit_account_id, user_id on transfers
  for each statement execute function transfers_append_only();

create function ledger_referenced_not_deleted() returns trigger language plpgsql as $$
begin
  if TG_TABLE_NAME = 'ledger_accounts' then
    if exists (select 1 from transfers t join old_rows o on o.id = t.debit_account_id)
       or exists (select 1 from transfers t join old_rows o on o.id = t.credit_account_id) then
      raise exception 'a ledger account with transfers cannot be deleted' using errcode = '23503';
    end if;
  elsif exists (select 1 from transfers t join old_rows o on o.id = t.user_id) then
    raise exception 'a user with transfers cannot be deleted' using errcode = '23503';
  end if;
  return null;
end $$;

create trigger ledger_accounts_referenced after delete on ledger_accounts
  referencing old table as old_rows
  for each statement execute function ledger_referenced_not_deleted();

create trigger users_referenced_by_transfers after delete on users
  referencing old table as old_rows
  for each statement execute function ledger_referenced_not_deleted();
