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

