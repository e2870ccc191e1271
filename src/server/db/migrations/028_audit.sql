-- Who changed what in /admin.
-- settings_audit: every change of a site setting made by an operator (putSetting with an actor),
-- with the whole value before and after, so a setting can be traced and restored by hand.
-- admin_audit: every POST under /v1/admin/ (the operator, the path, the admin page it came from,
-- the outcome code and the form body with its secrets redacted), written by site/adminAudit.ts.

create table settings_audit (
  id         bigserial primary key,
  key        text not null,
  actor_id   bigint references users (id),
  before     jsonb,
  after      jsonb not null,
  created_at timestamptz not null default now()
);
create index settings_audit_key_idx on settings_audit (key, id desc);

create table admin_audit (
  id            bigserial primary key,
  operator_id   bigint references users (id),
  operator_name text not null default '',
  path          text not null check (length(path) <= 200),
  page          text not null default '' check (length(page) <= 60),
  http_status   integer not null,
  -- the envelope code of the answer (1 = success), null when the answer was not an envelope
  outcome       integer,
  msg           text not null default '' check (length(msg) <= 200),
  body          jsonb not null default '{}',
  ip            text not null default '',
  created_at    timestamptz not null default now()
);
create index admin_audit_time_idx on admin_audit (created_at desc, id desc);
create index admin_audit_operator_idx on admin_audit (operator_id, id desc);
create index admin_audit_path_idx on admin_audit (path, id desc);
