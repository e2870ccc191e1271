-- Guest chat (spec 001 sections 6-7, docs/chat.md): an operator switch per room (游客可发言, off by
-- default). With it on, a guest holding the room's guest code sends text and images as a guest
-- identity issued by the server (a random token in an httpOnly cookie, stored hashed here), shown
-- as 游客XXXX with grade -2. Guest messages, mutes and images are rows of the same tables as
-- members', with `guest_id` instead of `user_id`.
alter table chat_rooms add column guest_chat boolean not null default false;

create table chat_guests (
  id         bigserial primary key,
  token_hash bytea not null unique,
  -- the display name: 游客 and four characters
  name       text not null,
  -- the address the identity was issued to (issuance is limited per address)
  ip         text not null,
  created_at timestamptz not null default now()
);
create index chat_guests_ip on chat_guests (ip, created_at);

alter table chat_messages add column guest_id bigint references chat_guests(id);
alter table chat_messages add constraint chat_messages_one_sender check (user_id is null or guest_id is null);

alter table chat_bans alter column user_id drop not null;
alter table chat_bans add column guest_id bigint references chat_guests(id);
alter table chat_bans add constraint chat_bans_guest unique (room_id, guest_id);
alter table chat_bans add constraint chat_bans_one_target check ((user_id is null) <> (guest_id is null));

alter table chat_images alter column user_id drop not null;
alter table chat_images add column guest_id bigint references chat_guests(id);
alter table chat_images add constraint chat_images_one_owner check ((user_id is null) <> (guest_id is null));
