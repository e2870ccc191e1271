-- Chat (spec 001 sections 3-9, docs/chat.md). Public rooms (type 1) are made by the operator;
-- private rooms (type 7) join exactly two users and are made by getDirectRoomWeb. Every message,
-- whatever its type, goes through one table: `id` is the client's cursor, `room_seq` numbers a
-- room's messages 1, 2, 3 ... without gaps (taken under the room row's lock), so a socket can tell
-- a missed push from a normal gap in the global id sequence.
create table chat_rooms (
  id                 bigserial primary key,
  -- 1 public room, 7 private room between two users
  type               smallint not null check (type in (1, 7)),
  -- public rooms only: the code players see and send ('00002')
  room_code          text unique,
  title              text not null default '',
  sub_title          text not null default '',
  avatar             text not null default '',
  image_url          text not null default '',
  intro              text not null default '',
  -- scrypt (auth/kdf.ts) of the md5 of the 4-digit room password; null: no password
  password_kdf       text,
  is_show_list       boolean not null default true,
  message_length     integer not null default 200 check (message_length between 1 and 2000),
  register_link      text not null default '',
  -- guests enter a room with this code (getMessageListWebGuest, the socket's guestCode); null: no guests
  guest_code         text unique,
  -- grades that may enter (empty: every grade) and grades that may not speak
  allowed_grades     integer[] not null default '{}',
  muted_grades       integer[] not null default '{}',
  -- whole-room mute (updateRoomBannedWeb): only managers speak
  is_message_banned  boolean not null default false,
  enabled            boolean not null default true,
  sort               integer not null default 0,
  last_seq           bigint not null default 0,
  -- private rooms: the two members, lower id first (one room per pair)
  user_low           bigint references users(id),
  user_high          bigint references users(id),
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now(),
  check ((type = 1) = (room_code is not null)),
  check ((type = 7) = (user_low is not null and user_high is not null and user_low < user_high))
);
create unique index chat_rooms_pair on chat_rooms (user_low, user_high) where type = 7;

-- Named managers of a public room (users of grade 100 manage every room).
create table chat_room_managers (
  room_id    bigint not null references chat_rooms(id) on delete cascade,
  user_id    bigint not null references users(id),
  created_at timestamptz not null default now(),
  primary key (room_id, user_id)
);

create table chat_messages (
  id              bigserial primary key,
  room_id         bigint not null references chat_rooms(id) on delete cascade,
  room_seq        bigint not null,
  user_id         bigint references users(id),
  -- the message type catalogue: src/domain/chat/messageTypes.ts
  message_type_id smallint not null,
  -- text as sent (type 1) or the type's JSON payload as text
  body            text not null,
  -- 1: @all (managers only)
  status          smallint not null default 0,
  mention_ids     bigint[] not null default '{}',
  -- 0 shown, 1 withdrawn (public rooms, updateMessageStateFront), 2 recalled (private rooms)
  state           smallint not null default 0 check (state in (0, 1, 2)),
  created_at      timestamptz not null default now(),
  unique (room_id, room_seq)
);
create index chat_messages_room_id on chat_messages (room_id, id desc);

-- Private-room membership and read state: one row per member of a private room.
create table chat_direct_members (
  room_id          bigint not null references chat_rooms(id) on delete cascade,
  user_id          bigint not null references users(id),
  peer_id          bigint not null references users(id),
  message_read_id  bigint not null default 0,
  primary key (room_id, user_id)
);
create index chat_direct_members_user on chat_direct_members (user_id);

-- Mutes (bans) of a user in a public room. durationTypeId as spec 001 section 4:
-- 1 permanent, 2 one day, 3 one week, 4 one hour, 5 half hour (6 cancels: the row is deleted).
create table chat_bans (
  id               bigserial primary key,
  room_id          bigint not null references chat_rooms(id) on delete cascade,
  user_id          bigint not null references users(id),
  duration_type_id smallint not null check (duration_type_id between 1 and 5),
  -- null: permanent
  ends_at          timestamptz,
  created_by       bigint references users(id),
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  unique (room_id, user_id)
);

-- A member's private note about another member (getMemberRemark / setMemberRemark, 200 chars).
create table chat_member_remarks (
  user_id        bigint not null references users(id),
  target_user_id bigint not null references users(id),
  remark         text not null,
  updated_at     timestamptz not null default now(),
  primary key (user_id, target_user_id)
);

-- One-time keys of the live socket (/v1/broadCast/generateKey): stored hashed, short-lived,
-- single use; in the database so any instance can accept a key another one made.
create table chat_socket_keys (
  key_hash   bytea primary key,
  user_id    bigint references users(id),
  -- the session the key was made in: a socket of an ended session is refused (push 14)
  session_id bigint references sessions(id),
  -- a guest's key carries the guest code it was made for
  guest_code text,
  expires_at timestamptz not null,
  used_at    timestamptz,
  check ((user_id is null) <> (guest_code is null))
);
create index chat_socket_keys_expiry on chat_socket_keys (expires_at);

-- A member who gave a password room's password (checkPassword) reads and speaks there until the
-- operator changes it: the grant holds the password's hash it was given for.
create table chat_room_grants (
  room_id      bigint not null references chat_rooms(id) on delete cascade,
  user_id      bigint not null references users(id),
  password_kdf text not null,
  created_at   timestamptz not null default now(),
  primary key (room_id, user_id)
);

-- Chat images (uploadChatFile): the re-encoded image and its thumbnail, both files of `uploads`.
-- An image message may only point at a pair recorded here.
create table chat_images (
  img_path   text primary key,
  thumb_path text not null,
  user_id    bigint not null references users(id),
  width      integer not null,
  height     integer not null,
  created_at timestamptz not null default now()
);

-- A member's saved images (the emoji panel's second tab), newest first.
create table chat_saved_images (
  id         bigserial primary key,
  user_id    bigint not null references users(id),
  img_path   text not null references chat_images(img_path),
  created_at timestamptz not null default now(),
  unique (user_id, img_path)
);
create index chat_saved_images_user on chat_saved_images (user_id, id desc);

-- Wrong room passwords per member: five in ten minutes lock the gate for that member and room
-- (4 digits are 10,000 tries, and each check costs a scrypt).
create table chat_password_failures (
  room_id   bigint not null references chat_rooms(id) on delete cascade,
  user_id   bigint not null references users(id),
  failed_at timestamptz not null default now()
);
create index chat_password_failures_recent on chat_password_failures (room_id, user_id, failed_at);
