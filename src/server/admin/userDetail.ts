/**
 * The reads of the operator's page of one user (/admin/user/:id): the detail (profile, grade,
 * agent chain, balances, masked payout accounts, open turnover), the bets and the login history,
 * both paged. The ledger, recharges and withdrawals are the existing lists filtered by user name
 * (/v1/admin/ledger/transfers, /v1/admin/recharge/list, /v1/admin/withdraw/list).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { SESSION_IDLE_SEC } from '../../domain/constants.ts';
import { gradeName } from '../../domain/grades.ts';
import { getPlay, type LotteryFamily } from '../../domain/lottery/index.ts';
import { formatFen } from '../../domain/money.ts';
import { BET_STATUS_TEXT, type BetStatus } from '../betting/rows.ts';
import { activeCards, cardView } from '../cards/store.ts';
import type { Sql } from '../db/client.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { Id } from '../http/schemas.ts';
import { turnoverProgress } from '../withdraw/turnover.ts';
import { OPERATOR } from '../http/schemas.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';

export const USER_NOT_FOUND = '用户不存在';

const DetailQuery = Form({ userId: Id });
const PagedQuery = Form({
  userId: Id,
  page: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});
type Paged = Static<typeof PagedQuery>;

/** The accounts a player owns, in the order the page shows them. */
const ACCOUNT_NAMES: Readonly<Record<string, string>> = {
  player: '钱包余额',
  withdraw_hold: '提现冻结',
  virtual_wallet: '余额宝',
  pledge_escrow: '质押中',
};

interface ProfileRow {
  id: number;
  user_name: string;
  real_name: string | null;
  nick_name: string | null;
  phone: string | null;
  email: string | null;
  qq: string | null;
  status: string;
  is_agent: boolean;
  is_operator: boolean;
  grade: number;
  created_at: Date;
  register_ip: string | null;
  last_login_at: Date | null;
  last_login_ip: string | null;
  online: boolean;
}

const ms = (t: Date | null) => t?.getTime() ?? null;

async function profileOf(sql: Sql, userId: number) {
  const [u] = await sql<ProfileRow[]>`
    select u.id, u.user_name, u.real_name, u.nick_name, u.phone, u.email, u.qq, u.status, u.is_agent, u.is_operator,
           u.grade, u.created_at, u.register_ip, u.last_login_at, u.last_login_ip,
           exists (select 1 from sessions s where s.user_id = u.id and s.ended_at is null and s.expires_at > now()
                   and s.last_seen_at > now() - make_interval(secs => ${SESSION_IDLE_SEC})) as online
    from users u where u.id = ${userId}`;
  if (!u) refuse(USER_NOT_FOUND);
  return u;
}

/** Refuses an id that names no user (the paged reads check this before reading). */
export async function requireUser(sql: Sql, userId: number): Promise<{ userName: string }> {
  const [u] = await sql<{ user_name: string }[]>`select user_name from users where id = ${userId}`;
  if (!u) refuse(USER_NOT_FOUND);
  return { userName: u.user_name };
}

async function detail(sql: Sql, userId: number) {
  const u = await profileOf(sql, userId);
  const [uplines, balances, cards, turnover] = await Promise.all([
    sql<{ id: number; user_name: string; depth: number }[]>`
      select a.id, a.user_name, up.depth from user_uplines up join users a on a.id = up.ancestor_id
      where up.user_id = ${userId} order by up.depth`,
    sql<{ kind: string; balance: number }[]>`
      select kind, balance from ledger_accounts where user_id = ${userId} and kind = any(${sql.array(Object.keys(ACCOUNT_NAMES))})`,
    activeCards(sql, userId),
    turnoverProgress(sql, userId),
  ]);
  return {
    profile: {
      userId: u.id,
      userName: u.user_name,
      realName: u.real_name ?? '',
      nickName: u.nick_name ?? '',
      phone: u.phone ?? '',
      email: u.email ?? '',
      qq: u.qq ?? '',
      status: u.status,
      agent: u.is_agent,
      operator: u.is_operator,
      online: u.online,
      createdAt: u.created_at.getTime(),
      registerIp: u.register_ip ?? '',
      lastLoginAt: ms(u.last_login_at),
      lastLoginIp: u.last_login_ip ?? '',
    },
    grade: { grade: u.grade, name: gradeName(u.grade) },
    uplines: uplines.map((r) => ({ userId: Number(r.id), userName: r.user_name, depth: r.depth })),
    balances: Object.entries(ACCOUNT_NAMES).map(([kind, name]) => {
      const fen = balances.find((b) => b.kind === kind)?.balance ?? 0;
      return { kind, name, balance: formatFen(fen) };
    }),
    cards: cards.map(cardView),
    turnover: {
      required: formatFen(turnover.requiredFen),
      done: formatFen(turnover.doneFen),
      remaining: formatFen(turnover.remainingFen),
      flows: turnover.flows.map((f) => ({
        id: f.id,
        source: f.source,
        base: formatFen(f.baseFen),
        required: formatFen(f.requiredFen),
        done: formatFen(f.doneFen),
        remaining: formatFen(f.remainingFen),
        createdAt: f.createdAt.getTime(),
      })),
    },
  };
}

interface BetRow {
  order_no: string;
  lottery_name: string;
  family: LotteryFamily;
  issue: string;
  play_code: string;
  betting_number: string;
  amount: number;
  payout: number;
  status: BetStatus;
  created_at: Date;
  total: number;
}

async function bets(sql: Sql, q: Paged) {
  await requireUser(sql, q.userId);
  const { limit, offset } = paging(q.page, q.pageSize);
  const [rows, [count]] = await Promise.all([
    sql<BetRow[]>`
      select b.order_no, l.name as lottery_name, l.family, b.issue, b.play_code, b.betting_number, b.amount, b.payout,
             b.status, b.created_at
      from bets b join lotteries l on l.code = b.lottery_code
      where b.user_id = ${q.userId} order by b.created_at desc, b.id desc limit ${limit} offset ${offset}`,
    sql<{ n: number }[]>`select count(*)::int as n from bets where user_id = ${q.userId}`,
  ]);
  return {
    total: count?.n ?? 0,
    list: rows.map((r) => ({
      orderNo: r.order_no,
      lotteryName: r.lottery_name,
      issue: r.issue,
      playName: getPlay(r.family, r.play_code)?.nameZh ?? r.play_code,
      bettingNumber: r.betting_number,
      amount: formatFen(r.amount),
      payout: formatFen(r.payout),
      status: r.status,
      statusText: BET_STATUS_TEXT[r.status],
      createdAt: r.created_at.getTime(),
    })),
  };
}

async function logins(sql: Sql, q: Paged) {
  await requireUser(sql, q.userId);
  const { limit, offset } = paging(q.page, q.pageSize);
  const [rows, [count]] = await Promise.all([
    sql<{ id: number; ip: string; user_agent: string; created_at: Date }[]>`
      select id, ip, user_agent, created_at from login_history where user_id = ${q.userId}
      order by id desc limit ${limit} offset ${offset}`,
    sql<{ n: number }[]>`select count(*)::int as n from login_history where user_id = ${q.userId}`,
  ]);
  return {
    total: count?.n ?? 0,
    list: rows.map((r) => ({
      id: Number(r.id),
      ip: r.ip,
      userAgent: r.user_agent,
      createdAt: r.created_at.getTime(),
    })),
  };
}

export default async function userDetailRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  app.get<{ Querystring: Static<typeof DetailQuery> }>(
    '/v1/admin/users/detail',
    { config: OPERATOR, schema: { querystring: DetailQuery } },
    async (req) => ok(await detail(sql, req.query.userId)),
  );
  app.get<{ Querystring: Paged }>(
    '/v1/admin/users/bets',
    { config: OPERATOR, schema: { querystring: PagedQuery } },
    async (req) => ok(await bets(sql, req.query)),
  );
  app.get<{ Querystring: Paged }>(
    '/v1/admin/users/logins',
    { config: OPERATOR, schema: { querystring: PagedQuery } },
    async (req) => ok(await logins(sql, req.query)),
  );
}
