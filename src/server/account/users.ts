/** Creating users: the one place a user row and its wallet are made. */
import { loginPasswordHash } from '../../domain/credentials.ts';
import { kdfHash } from '../auth/kdf.ts';
import type { Db } from '../db/client.ts';
import { accountId } from '../ledger/ledger.ts';

export interface NewUser {
  userName: string;
  /** the client's credential hash (md5 of lowercased name + password) */
  passwordHash: string;
  isAgent?: boolean;
  isOperator?: boolean;
  parentId?: number | null;
  registerIp?: string | null;
  avatar?: string | null;
}

/** Inserts the user and opens their wallet; null when the name is taken (case-insensitive). */
export async function insertUser(sql: Db, u: NewUser): Promise<number | null> {
  const kdf = await kdfHash(u.passwordHash);
  const [row] = await sql<{ id: number }[]>`
    insert into users (user_name, password_kdf, is_agent, is_operator, parent_id, register_ip, avatar)
    values (${u.userName}, ${kdf}, ${u.isAgent ?? false}, ${u.isOperator ?? false}, ${u.parentId ?? null},
            ${u.registerIp ?? null}, ${u.avatar ?? '/avatars/1.svg'})
    on conflict do nothing
    returning id`;
  if (!row) return null;
  await accountId(sql, 'player', row.id);
  return row.id;
}

/** For seeding and tests: a user from a clear password. */
export function insertUserWithPassword(
  sql: Db,
  userName: string,
  password: string,
  extra: Partial<NewUser> = {},
) {
  return insertUser(sql, {
    ...extra,
    userName,
    passwordHash: loginPasswordHash(userName, password),
  });
}
