-- Agents (issue 15, docs/agents.md): the upline chain stored as a closure so a team of any depth is
-- one indexed read. user_uplines holds one row per (member, upline) pair: depth 1 is the direct
-- parent, depth 2 the grandparent, and so on. The rows follow users.parent_id through the triggers
-- below, so no writer (register, opening a downline account, the operator moving a member) can
-- leave them behind: a team is `select user_id from user_uplines where ancestor_id = $agent`.

create table user_uplines (
  ancestor_id  bigint not null references users(id),
  user_id      bigint not null references users(id),
  depth        integer not null check (depth >= 1),
  primary key (ancestor_id, user_id)
);
create index user_uplines_user on user_uplines (user_id, depth);

-- A new user: one row per upline of the parent, one deeper, plus the parent itself.
create function user_uplines_on_insert() returns trigger language plpgsql as $$
begin
  if new.parent_id is not null then
    insert into user_uplines (ancestor_id, user_id, depth)
    select new.parent_id, new.id, 1
    union all
    select u.ancestor_id, new.id, u.depth + 1 from user_uplines u where u.user_id = new.parent_id;
  end if;
  return new;
end $$;

create trigger users_uplines_insert after insert on users
  for each row execute function user_uplines_on_insert();

-- A member moved under another parent: the whole subtree (the member and everyone below) drops
-- the old uplines above the member and takes the new parent's chain. A move under oneself or one's
-- own downline would make a cycle and is refused here, whatever the caller checked.
create function user_uplines_on_move() returns trigger language plpgsql as $$
begin
  if new.parent_id is not distinct from old.parent_id then
    return new;
  end if;
  if new.parent_id = new.id
     or exists (select 1 from user_uplines where ancestor_id = new.id and user_id = new.parent_id) then
    raise exception 'user % cannot move under its own downline %', new.id, new.parent_id
      using errcode = 'check_violation';
  end if;
  -- the links from every upline above the member to the member's subtree (the member included)
  delete from user_uplines d
  where d.ancestor_id in (select ancestor_id from user_uplines where user_id = new.id)
    and (d.user_id = new.id or d.user_id in (select user_id from user_uplines where ancestor_id = new.id));
  if new.parent_id is not null then
    insert into user_uplines (ancestor_id, user_id, depth)
    select up.ancestor_id, sub.user_id, up.depth + sub.depth
    from (select new.parent_id as ancestor_id, 1 as depth
          union all
          select ancestor_id, depth + 1 from user_uplines where user_id = new.parent_id) up
    cross join (select new.id as user_id, 0 as depth
                union all
                select user_id, depth from user_uplines where ancestor_id = new.id) sub;
  end if;
  return new;
end $$;

create trigger users_uplines_move after update of parent_id on users
  for each row execute function user_uplines_on_move();

-- Users that already have a parent.
insert into user_uplines (ancestor_id, user_id, depth)
with recursive chain (user_id, ancestor_id, depth) as (
  select id, parent_id, 1 from users where parent_id is not null
  union all
  select c.user_id, u.parent_id, c.depth + 1 from chain c join users u on u.id = c.ancestor_id where u.parent_id is not null
)
select ancestor_id, user_id, depth from chain;
