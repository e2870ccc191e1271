-- Grades (issue 16, docs/content.md "Grades"): the ten tiers of spec 001 are reached by lifetime
-- recharges or valid bets against operator thresholds kept in site_settings 'grade_levels'. The
-- promotion job (server/grades/promote.ts) looks only at players with something new since its last
-- run: recharges read by transfers.id (the primary key) and valid bets by the issues settled since.

-- Each promotion, written by onGradeChanged in the transaction that raises users.grade.
create table user_grade_changes (
  id          bigserial primary key,
  user_id     bigint not null references users(id),
  from_grade  integer not null,
  to_grade    integer not null check (to_grade > from_grade),
  created_at  timestamptz not null default now()
);
create index user_grade_changes_user on user_grade_changes (user_id, id desc);

-- The promotion job's position (one row). Everything at or below last_transfer_id and settled before
-- settled_since has been looked at. The pending_* values were read at an earlier run; they become the
-- position once every transaction alive at that run has ended (pg_snapshot_xmin of now has passed
-- pending_xmax), so a recharge or settlement committed late is never skipped.
-- full_pending: look at every player on the next run (set when the operator edits the thresholds).
create table grade_promotion_cursor (
  id                      boolean primary key default true check (id),
  last_transfer_id        bigint not null default 0,
  settled_since           timestamptz not null default 'epoch',
  pending_transfer_id     bigint,
  pending_settled_since   timestamptz,
  pending_xmax            bigint,
  full_pending            boolean not null default false,
  updated_at              timestamptz not null default now()
);
insert into grade_promotion_cursor default values;

-- Valid bets become valid at settlement: the job finds the issues settled since its last run.
create index lottery_issues_settled on lottery_issues (settled_at) where settled_at is not null;
