-- Room passwords for guests (issue 23, docs/chat.md): a guest entering a password room gives the
-- password (checkPasswordGuest, or the socket's) and gets a grant bound to its identity and to the
-- password's hash, as members do (chat_room_grants); history, sending and the socket need it.
create table chat_room_guest_grants (
  room_id      bigint not null references chat_rooms(id) on delete cascade,
  guest_id     bigint not null references chat_guests(id) on delete cascade,
  password_kdf text not null,
  created_at   timestamptz not null default now(),
  primary key (room_id, guest_id)
);

-- Guests' guesses, counted before they are checked (auth/guesses.ts takeGuess): a row per guess
-- of a guest (guest_id) and a row per guess from an address (ip), each book with its own limit,
-- since a guest makes new ids cheaply.
create table chat_guest_password_failures (
  room_id   bigint not null references chat_rooms(id) on delete cascade,
  guest_id  bigint references chat_guests(id) on delete cascade,
  ip        text,
  failed_at timestamptz not null default now(),
  constraint chat_guest_password_failures_one_book check ((guest_id is null) <> (ip is null))
);
create index chat_guest_password_failures_guest on chat_guest_password_failures (room_id, guest_id, failed_at) where guest_id is not null;
create index chat_guest_password_failures_ip on chat_guest_password_failures (room_id, ip, failed_at) where ip is not null;

-- A guest's socket key carries the guest identity of the browser that asked for it (its cookie),
-- so the socket checks that guest's grant and counts its guesses.
alter table chat_socket_keys add column guest_id bigint references chat_guests(id) on delete cascade;
