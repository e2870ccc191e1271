-- Accounts: image codes, login failures and locks, verification codes and their outbox,
-- safety questions, password-reset tokens, uploaded images and the user's messages.

-- Columns the account feature needs on the user row.
alter table users add column register_invite_code text;
alter table users add column rebate_updated_at timestamptz not null default now();

-- GET /v1/users/imageCode: the key and answer are kept only as hashes; single use.
create table image_codes (
  key_hash    bytea primary key,
  answer_hash bytea not null,
  created_at  timestamptz not null default now(),
  used_at     timestamptz
);
create index image_codes_time on image_codes (created_at);

-- Failed logins per lower-cased user name (the name need not exist), and the locks they cause.
create table login_failures (
  id           bigserial primary key,
  user_name_lc text not null,
  ip           text,
  created_at   timestamptz not null default now()
);
create index login_failures_name_time on login_failures (user_name_lc, created_at);

create table login_locks (
  user_name_lc text primary key,
  locked_until timestamptz not null
);

-- Phone and mail verification codes (4 digits, hashed), with their verify attempts.
create table verify_codes (
  id          bigserial primary key,
  channel     text not null check (channel in ('sms', 'mail')),
  target      text not null,
  purpose     text not null check (purpose in ('bind', 'forget', 'safety')),
  code_hash   bytea not null,
  user_id     bigint references users(id),
  attempts    integer not null default 0,
  created_at  timestamptz not null default now(),
  verified_at timestamptz,
  used_at     timestamptz
);
create index verify_codes_target on verify_codes (channel, target, created_at desc);

-- What the default transport "sends": the operator reads it under /v1/admin/codes/outbox.
create table code_outbox (
  id         bigserial primary key,
  channel    text not null check (channel in ('sms', 'mail')),
  target     text not null,
  purpose    text not null,
  message    text not null,
  user_id    bigint references users(id),
  created_at timestamptz not null default now()
);

create table safety_questions (
  id       serial primary key,
  question text not null,
  sort     integer not null default 0
);
insert into safety_questions (question, sort) values
  ('您母亲的姓名是？', 1),
  ('您父亲的姓名是？', 2),
  ('您配偶的姓名是？', 3),
  ('您的出生地是？', 4),
  ('您小学的校名是？', 5),
  ('您最喜欢的颜色是？', 6),
  ('您的第一个宠物叫什么名字？', 7),
  ('您最喜欢的电影是？', 8);

-- Two answers per user, each a KDF of the normalised answer.
create table user_safety_answers (
  user_id     bigint not null references users(id),
  slot        smallint not null check (slot in (1, 2)),
  question_id integer not null references safety_questions(id),
  answer_kdf  text not null,
  primary key (user_id, slot)
);

-- forgetPassword issues one of these (hashed), valid 15 minutes, single use.
create table password_reset_tokens (
  token_hash bytea primary key,
  user_id    bigint not null references users(id),
  created_at timestamptz not null default now(),
  used_at    timestamptz
);

-- Uploaded images, stored under <dataDir>/uploads/<file_name>.
create table uploads (
  id         bigserial primary key,
  user_id    bigint not null references users(id),
  file_name  text not null unique,
  mime       text not null,
  size_bytes integer not null,
  created_at timestamptz not null default now()
);

-- Station letters to a user; later features write them, the account feature counts unread ones.
create table messages (
  id         bigserial primary key,
  user_id    bigint not null references users(id),
  title      text not null,
  content    text not null,
  read_at    timestamptz,
  created_at timestamptz not null default now()
);
create index messages_user_unread on messages (user_id) where read_at is null;
