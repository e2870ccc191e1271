-- Payout caps (issue 11; docs/lottery-design.md "Payout caps"): per lottery, the most one bet pays in
-- prize (单注最高派奖) and the most one player is paid in prize over one issue (单期最高派奖), in fen.
-- Null = the family's default (src/domain/lottery/caps.ts DEFAULT_PAYOUT_CAPS), so a changed default
-- reaches every lottery the operator has not set.
alter table lotteries
  add column max_payout_per_bet   bigint check (max_payout_per_bet > 0),
  add column max_payout_per_issue bigint check (max_payout_per_issue > 0);

-- A bet whose prize the caps cut: the prize before the cut and which cap cut it (null when not cut).
-- Neither is indexed, so settling a bet stays a HOT update (004_lottery.sql).
alter table bets
  add column uncapped_prize bigint,
  add column cap_kind       text check (cap_kind in ('bet', 'issue')),
  add constraint bets_cap_pair check ((uncapped_prize is null) = (cap_kind is null));

-- The per-issue cap spans all of one player's bets of an issue, so settlement claims whole players:
-- it walks an issue's bettors in user id order (settlement/settle.ts claimPlayers).
create index bets_issue_user on bets (lottery_code, issue, user_id, id);
