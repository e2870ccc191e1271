-- Site content the operator edits (banners, the notice marquee, help and about articles) and
-- the statistics the client reports (page views, operations, usage traces).

create table content_banners (
  id         bigserial primary key,
  title      text not null check (length(title) between 1 and 60),
  -- a site path (/banners/1.svg) or an https URL
  image      text not null check (length(image) between 1 and 300),
  -- a site path (/lotteryHall) or an https URL; '' for none
  link       text not null default '' check (length(link) <= 300),
  sort       integer not null default 0,
  enabled    boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table content_notices (
  id         bigserial primary key,
  title      text not null check (length(title) between 1 and 60),
  content    text not null check (length(content) between 1 and 2000),
  sort       integer not null default 0,
  enabled    boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Help centre and about-us pages: plain text, paragraphs separated by newlines.
create table content_articles (
  id         bigserial primary key,
  kind       text not null check (kind in ('help', 'about')),
  title      text not null check (length(title) between 1 and 60),
  content    text not null check (length(content) between 1 and 20000),
  sort       integer not null default 0,
  created_at timestamptz not null default now()
);
create index content_articles_kind on content_articles (kind, sort, id);

-- POST /v1/statistics/view | op | hc: one row per report; the client ignores the answer.
create table statistics_events (
  id         bigserial primary key,
  kind       text not null check (kind in ('view', 'op', 'hc')),
  user_id    bigint references users(id),
  path       text not null check (length(path) <= 200),
  title      text check (length(title) <= 100),
  ref        text check (length(ref) <= 500),
  value      text check (length(value) <= 500),
  ip         text,
  created_at timestamptz not null default now()
);
create index statistics_events_time on statistics_events (created_at);

-- POST /v1/statistics/dataPush | yyDataPush: the usage trace sent every 60 s.
create table usage_traces (
  id          bigserial primary key,
  kind        text not null check (kind in ('dataPush', 'yyDataPush')),
  user_id     bigint references users(id),
  path        text not null check (length(path) <= 200),
  elapsed_sec integer not null check (elapsed_sec between 0 and 86400),
  ip          text,
  created_at  timestamptz not null default now()
);
create index usage_traces_user_time on usage_traces (user_id, created_at);
