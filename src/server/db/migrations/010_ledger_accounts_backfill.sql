-- Every user owns all their ledger account kinds from the start (ledger.ts creates them together at
-- a user's first account), so a money transaction never has to create one. Users made before that
-- rule get theirs here.
insert into ledger_accounts (kind, user_id)
select k, u.id
from users u, unnest(array['player', 'pledge_escrow', 'red_envelope_escrow', 'virtual_wallet', 'withdraw_hold']) as k
order by u.id, k
on conflict (kind, coalesce(user_id, 0)) do nothing;
