-- Letters (站内信): one row per letter with its audience (one player, one grade, or everyone), never one
-- row per recipient. A player's own state of a letter (read, deleted) is a row written only when the
-- player reads or deletes it. A grade or everyone letter reaches players registered before it was sent
-- (and, for a grade letter, whose grade is that grade when they look). docs/content.md.

create table letters (
  id          bigserial primary key,
  audience    text not null check (audience in ('user', 'grade', 'all')),
  to_user_id  bigint references users(id) on delete cascade,
  to_grade    integer,
  -- plain text: never markup (domain/letters.ts refuses angle brackets before this does)
  title       text not null check (length(title) between 1 and 60 and title !~ '[<>]'),
  content     text not null check (length(content) between 1 and 5000 and content !~ '[<>]'),
  -- the operator who sent it; null when the site sent it (a grade change, another feature)
  operator_id bigint references users(id) on delete set null,
  created_at  timestamptz not null default now(),
  check ((audience = 'user') = (to_user_id is not null)),
  check ((audience = 'grade') = (to_grade is not null))
);
create index letters_to_user on letters (to_user_id, id) where audience = 'user';
create index letters_broadcast on letters (audience, to_grade, id) where audience <> 'user';

create table letter_states (
  user_id    bigint not null references users(id) on delete cascade,
  letter_id  bigint not null references letters(id) on delete cascade,
  read_at    timestamptz,
  deleted_at timestamptz,
  primary key (user_id, letter_id)
);
-- the operator's read counts per letter
create index letter_states_letter on letter_states (letter_id) where read_at is not null;

-- The earlier per-player `messages` table (002) becomes letters to one player each, with their read
-- state; plain text as letters are (angle brackets become full-width), then it goes.
insert into letters (audience, to_user_id, title, content, created_at)
select 'user', m.user_id,
       coalesce(nullif(left(translate(btrim(m.title), '<>', '＜＞'), 60), ''), '（无标题）'),
       coalesce(nullif(left(translate(btrim(m.content), '<>', '＜＞'), 5000), ''), '（无内容）'),
       m.created_at
from messages m order by m.id;
insert into letter_states (user_id, letter_id, read_at)
select l.to_user_id, l.id, m.read_at
from messages m
join letters l on l.audience = 'user' and l.to_user_id = m.user_id and l.created_at = m.created_at
where m.read_at is not null
on conflict do nothing;
drop table messages;
