/** The user info object of `info`, `login` and `register` (docs/api.md, Users), with masking. */
import type { Sql } from '../db/client.ts';

export interface UserRow {
  id: number;
  user_name: string;
  nick_name: string | null;
  avatar: string | null;
  grade: number;
  is_agent: boolean;
  is_operator: boolean;
  must_change_password: boolean;
  status: string;
  real_name: string | null;
  phone: string | null;
  email: string | null;
  qq: string | null;
  wechat: string | null;
  gender: number;
  birthday: string | null;
  experience: number;
  safety_kdf: string | null;
  password_kdf: string;
  rebate_updated_at: Date;
  created_at: Date;
  has_question: boolean;
  has_digital: boolean;
}

export async function findUserById(sql: Sql, userId: number): Promise<UserRow | null> {
  const [row] = await sql<UserRow[]>`
    select u.*, to_char(u.birthday, 'YYYY-MM-DD') as birthday,
           exists (select 1 from user_safety_answers a where a.user_id = u.id) as has_question,
           exists (select 1 from digital_addresses d where d.user_id = u.id and d.status = 'active') as has_digital
    from users u where u.id = ${userId}`;
  return row ?? null;
}

export async function findUserByName(sql: Sql, userName: string): Promise<UserRow | null> {
  const [row] = await sql<UserRow[]>`
    select u.*, to_char(u.birthday, 'YYYY-MM-DD') as birthday,
           exists (select 1 from user_safety_answers a where a.user_id = u.id) as has_question,
           exists (select 1 from digital_addresses d where d.user_id = u.id and d.status = 'active') as has_digital
    from users u where lower(u.user_name) = lower(${userName})`;
  return row ?? null;
}

/** Keeps the first two and the last character (spec 000 section 3); short values keep one. */
export function mask(value: string | null): string {
  if (!value) return '';
  const chars = [...value];
  if (chars.length <= 2) return `${chars[0]}*`;
  if (chars.length === 3) return `${chars[0]}*${chars[2]}`;
  return (
    chars.slice(0, 2).join('') + '*'.repeat(Math.min(chars.length - 3, 6)) + chars[chars.length - 1]
  );
}

export function userInfo(u: UserRow) {
  return {
    userId: u.id,
    userName: u.user_name,
    nickName: u.nick_name ?? '',
    avatar: u.avatar ?? '',
    grade: u.grade,
    agent: u.is_agent,
    operator: u.is_operator,
    // The operator still has the built-in demo password: /admin shows the change form first.
    mustChangePassword: u.must_change_password,
    isLogin: true,
    rebateupdatedAt: u.rebate_updated_at.getTime(),
    // Digital-currency addresses arrive with the wallet feature; until then no user has one.
    userHasDigitalPay: u.has_digital,
    realName: mask(u.real_name),
    phone: mask(u.phone),
    email: mask(u.email),
    qq: u.qq ?? '',
    wechat: u.wechat ?? '',
    gender: u.gender,
    birthday: u.birthday ?? '',
    hasSafetyPassword: u.safety_kdf !== null,
    hasSafetyQuestion: u.has_question,
    experience: u.experience,
    createdAt: u.created_at.getTime(),
  };
}

export async function loadUserInfo(sql: Sql, userId: number) {
  const u = await findUserById(sql, userId);
  if (!u) throw new Error(`user ${userId} vanished`);
  return userInfo(u);
}
