-- An operator created with the built-in demo password (no ADMIN_PASSWORD at first start) must
-- choose their own before the operator API answers them; changing the password clears it.
alter table users add column must_change_password boolean not null default false;
