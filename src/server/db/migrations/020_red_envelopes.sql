-- Chat red envelopes (issue 13, spec 001 sections 3, 5, 8, 9; docs/red-envelopes.md).
-- Money: the total sits in the sender's red_envelope_escrow account from the send (transfer
-- rs:<record_code>, type 307) until each open pays one share (rp:<record_code>:<user>, 207) or the
-- refund job returns the rest (rr:<record_code>, 208). The rows here say who may take what; the
-- ledger says where the money is.
create table red_envelopes (
  id             bigserial primary key,
  record_code    text not null unique check (record_code ~ '^HB[0-9]{18}$'),
  sender_id      bigint not null references users(id),
  room_id        bigint not null references chat_rooms(id),
  is_direct      boolean not null,
  -- a room-wide envelope the operator sent, funded by the house
  is_system      boolean not null default false,
  -- 1 ordinary (each share the same), 2 random
  type           smallint not null check (type in (1, 2)),
  num            integer not null check (num between 1 and 1000),
  total_fen      bigint not null check (total_fen >= num),
  -- the split, decided at send (domain/redEnvelope/split.ts); open n takes shares[n]
  shares         bigint[] not null check (cardinality(shares) = num),
  taken          integer not null default 0 check (taken between 0 and num),
  remaining_fen  bigint not null check (remaining_fen >= 0),
  -- 0 open, 5 all taken, 4 refunded (expired is derived from expires_at)
  state          smallint not null default 0 check (state in (0, 4, 5)),
  wishing_remark text not null,
  expires_at     timestamptz not null,
  created_at     timestamptz not null default now(),
  request_id     text not null,
  request_hash   text not null,
  message_id     bigint references chat_messages(id) on delete set null,
  unique (sender_id, request_id),
  check ((state = 5) = (taken = num) or state = 4)
) with (fillfactor = 70);
-- the refund job's scan: open envelopes by expiry
create index red_envelopes_refund_due on red_envelopes (expires_at) where state = 0;
-- the daily quota and my records
create index red_envelopes_sender_time on red_envelopes (sender_id, created_at);
create index red_envelopes_message on red_envelopes (message_id);

create table red_envelope_receipts (
  envelope_id bigint not null references red_envelopes(id),
  user_id     bigint not null references users(id),
  -- which share (1-based index into shares)
  seq         integer not null,
  amount_fen  bigint not null check (amount_fen > 0),
  created_at  timestamptz not null default now(),
  primary key (envelope_id, user_id),
  unique (envelope_id, seq)
);
create index red_envelope_receipts_user on red_envelope_receipts (user_id, created_at);

-- the viewer has looked at the envelope (updateReadedRedEnvelop)
create table red_envelope_reads (
  envelope_id bigint not null references red_envelopes(id),
  user_id     bigint not null references users(id),
  primary key (envelope_id, user_id)
);

-- per-grade limits; grade -1000 holds the default for grades without their own row
create table red_envelope_config (
  grade                integer primary key,
  max_amount_fen       bigint not null check (max_amount_fen >= 100),
  day_limit_amount_fen bigint not null check (day_limit_amount_fen >= 0),
  day_limit_count      integer not null check (day_limit_count >= 0),
  updated_at           timestamptz not null default now()
);
insert into red_envelope_config (grade, max_amount_fen, day_limit_amount_fen, day_limit_count)
values (-1000, 1000000, 10000000, 100);
