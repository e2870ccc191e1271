-- Embedded-chat bridge: a one-time key is issued only for a muid the partner vouches for with an
-- HMAC-SHA256 signature over (muid, expiry, nonce) (docs/embedded-chat.md). Each nonce opens one
-- key: it is kept here until its signature has expired, so a captured signature cannot be replayed.
create table embed_chat_nonces (
  nonce      text primary key,
  expires_at timestamptz not null
);
create index embed_chat_nonces_expiry on embed_chat_nonces (expires_at);
