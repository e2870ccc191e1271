-- Every correction of an official game's result (POST /v1/admin/lottery/correctResult), written in
-- the same transaction as the correction itself, so a result never changes without a trace. The
-- public verifyDraw answer lists these rows (operator name masked). Self-run results are fixed by
-- their seed and are never corrected, so no row here ever belongs to a self-run issue.
create table lottery_result_corrections (
  id             bigserial primary key,
  lottery_code   text not null,
  issue          text not null,
  operator_id    bigint not null references users(id),
  -- the operator's user name when the correction was made (kept even if the account changes later)
  operator_name  text not null,
  corrected_at   timestamptz not null default now(),
  before_result  text not null,
  after_result   text not null,
  -- the issue's result_version after this correction (settlement transfer ids carry it)
  result_version integer not null,
  reason         text,
  foreign key (lottery_code, issue) references lottery_issues (lottery_code, issue),
  check (before_result <> after_result)
);
create index lottery_result_corrections_issue on lottery_result_corrections (lottery_code, issue, id);
