-- The operator's page of one user (issue 24): every login kept with its time, IP and user agent.
-- Session rows cannot serve: ended sessions are deleted after 30 days (jobs/cleanup.ts), and a
-- session is the token, not the history. One row per created session (login or register).
create table login_history (
  id          bigserial primary key,
  user_id     bigint not null references users(id),
  ip          text not null default '',
  user_agent  text not null default '',
  created_at  timestamptz not null default now()
);
create index login_history_user on login_history (user_id, id desc);

-- A turnover requirement the operator waived (one player's, or all recharge ones when 充值流水倍数
-- is set to 0): cleared_at is set as for a met one; who and why are kept here, the operator audit
-- log keeps the request.
alter table turnover_flows
  add column waived_by    bigint references users(id),
  add column waive_reason text;
