-- Cards and addresses (issue 4): the safety-password guard, edit permits and lookups.

-- Wrong safety (fund) passwords per user: SAFETY_MAX_FAILURES within the window refuse further
-- attempts until the window passes (cards/safety.ts). A right password forgets them.
create table safety_password_failures (
  id          bigserial primary key,
  user_id     bigint not null references users(id),
  created_at  timestamptz not null default now()
);
create index safety_password_failures_user on safety_password_failures (user_id, created_at);

-- A single-use permit to edit one bank card, issued by safetyCheckBankCard after the safety
-- password was verified; only its sha256 is kept.
create table bank_card_edit_permits (
  token_hash  bytea primary key,
  user_id     bigint not null references users(id),
  card_id     bigint not null references bank_cards(id),
  expires_at  timestamptz not null
);
create index bank_card_edit_permits_user on bank_card_edit_permits (user_id);

-- A card number may be bound by one account only: looked up across users.
create index bank_cards_account on bank_cards (kind, account_no) where status = 'active';
create unique index digital_addresses_user_address on digital_addresses (user_id, address) where status = 'active';
