-- Invite codes (issue 15, docs/agents.md): an agent's code carries one rebate point per family
-- (`points`: { "SSC": 7.5, ..., "GAME": 2 }, each at most the owner's when made) and whether the
-- account it opens is an agent. Registering with a live code places the new user under the owner
-- with those points and counts one use. Codes are never reused: a deleted code keeps its row.

create table invite_codes (
  id          bigserial primary key,
  code        text not null unique check (code ~ '^[0-9]{8}$'),
  owner_id    bigint not null references users(id),
  is_agent    boolean not null,
  points      jsonb not null check (jsonb_typeof(points) = 'object'),
  remark      text not null default '' check (char_length(remark) <= 50),
  use_count   integer not null default 0 check (use_count >= 0),
  deleted_at  timestamptz,
  created_at  timestamptz not null default now()
);
create index invite_codes_owner_live on invite_codes (owner_id, id desc) where deleted_at is null;
