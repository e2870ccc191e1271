/**
 * Random agent teams for the report tests: a tree of several levels under an agent, real bets taken
 * and settled by the settlement code, and ledger transfers of every report category (recharges,
 * withdrawals paid and rejected, activity rewards, virtual wallet, red envelopes, manual codes),
 * spread over three Beijing days with rows right at the day boundaries; bets also pending, cancelled
 * by their player, corrected (unsettled, re-settled or left awaiting the re-draw) and cancelled by
 * the operator after settlement, with tied dragon/tiger bets. The expected figures are
 * recomputed here from a plain scan of the journal and the bets, in TypeScript (not from user_daily).
 */
import {
  categoryOf,
  emptySums,
  moneyFigures,
  STAKE_CODES,
  TIE_REFUND_CODES,
  REPORT_HOLDINGS,
  type CategorySums,
} from '../../src/domain/agent/reportFigures.ts';
import { formatFen } from '../../src/domain/money.ts';
import { beijingDate } from '../../src/domain/time.ts';
import type { Sql } from '../../src/server/db/client.ts';
import { transfer, type AccountKind } from '../../src/server/ledger/ledger.ts';
import { cancelIssue, settleIssue } from '../../src/server/lottery/settlement/index.ts';
import { unsettleBets } from '../../src/server/lottery/settlement/correct.ts';
import { cancelBet } from '../../src/server/betting/cancel.ts';
import { pendingStakeFenOf, validBetFenOf } from '../../src/domain/bets.ts';
import { fund, makeIssue, makeUser, placeBet, SSC } from './settlement-fixtures.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

/** A small seeded PRNG (mulberry32), so a failing run can be repeated with its seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}
export type Rng = ReturnType<typeof prng>;

const DAY_MS = 86_400_000;
/** A Beijing date `back` days before today, and instants inside it. */
export const dayOf = (back: number) => beijingDate(Date.now(), back);
const beijingMidnightMs = (day: string) => Date.parse(`${day}T00:00:00+08:00`);
/** The first Beijing date of the previous calendar month, and the last. */
export function previousMonth(): { first: string; last: string } {
  const today = dayOf(0);
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const first = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
  const last = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
  return { first, last };
}

/** Builds a tree under root: `size` members over `levels` levels; returns member ids (root excluded). */
export async function growTeam(
  sql: Sql,
  rng: Rng,
  rootId: number,
  size: number,
  levels: number,
): Promise<number[]> {
  await sql`insert into user_prize_groups (user_id, family, prize_group) values (${rootId}, 'SSC', 1960) on conflict do nothing`;
  const byLevel: { id: number; group: number }[][] = [[{ id: rootId, group: 1960 }]];
  const all: number[] = [];
  for (let i = 0; i < size; i++) {
    const level = Math.min(1 + Math.floor(rng.next() * levels), byLevel.length);
    const parent = rng.pick(byLevel[level - 1]!);
    const group = Math.max(1900, parent.group - rng.pick([0, 10, 20]));
    const id = await makeUser(sql, { parentId: parent.id, group });
    if (rng.next() < 0.5) await sql`update users set is_agent = true where id = ${parent.id}`;
    if (!byLevel[level]) byLevel[level] = [];
    byLevel[level].push({ id, group });
    all.push(id);
  }
  // some members joined long ago, some two days ago, the rest today
  for (const id of all) {
    const r = rng.next();
    const at =
      r < 0.4
        ? new Date(Date.now() - 40 * DAY_MS)
        : r < 0.6
          ? new Date(beijingMidnightMs(dayOf(2)) + 3_600_000)
          : null;
    if (at) await sql`update users set created_at = ${at} where id = ${id}`;
  }
  return all;
}

let seq = 0;
async function move(
  sql: Sql,
  userId: number,
  from: AccountKind,
  to: AccountKind,
  fen: number,
  typeCode: number,
) {
  const owner = (k: AccountKind) => (k === 'house' ? null : userId);
  const r = await transfer(sql, {
    transferId: transferIds.fixture(`rep:${process.pid}:${seq++}`),
    from: { kind: from, userId: owner(from) },
    to: { kind: to, userId: owner(to) },
    amountFen: fen,
    typeCode,
    userId,
  });
  return r.id;
}

/** Random money life of these users; some rows back-dated to three days and the day boundaries. */
export async function randomActivity(
  sql: Sql,
  rng: Rng,
  users: number[],
  tag: string,
): Promise<void> {
  const ODDS = { dragon: 21_000, tiger: 21_000, tie: 90_000 };
  const ids: number[] = [];
  const funded: number[] = [];
  for (const u of users) {
    if (u !== users[0] && rng.next() < 0.2) continue; // never active
    funded.push(u);
    await fund(sql, u, rng.int(50_000, 200_000)); // 人工存入 (recharge category)
    if (rng.next() < 0.7)
      ids.push(await move(sql, u, 'house', 'player', rng.int(1_000, 90_000), 101)); // channel recharge
    if (u === users[0] || rng.next() < 0.3)
      ids.push(await move(sql, u, 'house', 'player', rng.int(100, 5_000), 209)); // 活动奖励
    if (rng.next() < 0.3) ids.push(await move(sql, u, 'house', 'player', rng.int(100, 5_000), 214)); // 首充赠送
    // a withdrawal held, then paid (305 to the house) or rejected (412 back); the first user always has a paid one
    if (u === users[0] || rng.next() < 0.3) {
      const fen = rng.int(1_000, 20_000);
      const paid = u === users[0] || rng.next() < 0.7;
      ids.push(await move(sql, u, 'player', 'withdraw_hold', fen, 305));
      ids.push(
        await move(sql, u, 'withdraw_hold', paid ? 'house' : 'player', fen, paid ? 305 : 412),
      );
    }
    if (rng.next() < 0.3) {
      ids.push(await move(sql, u, 'player', 'virtual_wallet', rng.int(1_000, 10_000), 611));
      ids.push(await move(sql, u, 'house', 'virtual_wallet', rng.int(1, 300), 613));
    }
    if (rng.next() < 0.2)
      ids.push(await move(sql, u, 'player', 'red_envelope_escrow', rng.int(100, 2_000), 307));
    if (rng.next() < 0.2) ids.push(await move(sql, u, 'house', 'player', rng.int(100, 2_000), 202)); // a cancelled bet's refund
  }
  // bets on six issues, settled by the real settlement code (prizes, tie refunds, rebates, upline
  // rebates); issues 3..5 are then corrected (re-settled on another result), put back to PENDING by a
  // correction awaiting its re-draw, and cancelled by the operator after settlement
  for (let k = 0; k < 6; k++) {
    const issue = `${tag}-${k}`;
    const d = [rng.int(0, 9), rng.int(0, 9), rng.int(0, 9), rng.int(0, 9), rng.int(0, 9)];
    if (rng.next() < 0.5) d[1] = d[0]!; // a 万千 tie
    await makeIssue(sql, SSC, issue, { result: d.join(',') });
    for (const u of funded) {
      if (rng.next() < 0.5) continue;
      const [g] = await sql<
        { prize_group: number }[]
      >`select prize_group from user_prize_groups where user_id = ${u} and family = 'SSC'`;
      const group = g?.prize_group ?? 1900;
      if (rng.next() < 0.5) {
        await placeBet(sql, {
          userId: u,
          issue,
          playCode: 'DWD',
          number: `${rng.int(0, 4)} ${rng.int(5, 9)},-,-,-,-`,
          unit: rng.pick(['yuan', 'jiao'] as const),
          multiple: rng.int(1, 5),
          userGroup: group,
          rebatePermille: rng.pick([0, 10]),
        });
      } else {
        await placeBet(sql, {
          userId: u,
          issue,
          playCode: 'LH',
          number: `${rng.pick(['龙', '虎'])},-,-,-,-,-,-,-,-,-`,
          stakePerLineFen: rng.int(1, 20) * 100,
          odds: ODDS,
          userGroup: group,
          rebatePermille: rng.pick([0, 10]),
        });
      }
    }
    await settleIssue(sql, SSC, issue);
    // this issue's bets and transfers belong to another day: back-date them (a roll-up must follow)
    const back = k % 3;
    if (back > 0) {
      const base = beijingMidnightMs(dayOf(back));
      await sql`update bets set created_at = ${new Date(base + 12 * 3_600_000)} where lottery_code = ${SSC} and issue = ${issue}`;
      await sql`update transfers set created_at = ${new Date(base + 12 * 3_600_000)}
                where transfer_id like ${'%'} and (ref like ${`%${issue}%`} or transfer_id in (select 'bet:' || id from bets where issue = ${issue}))`;
    }
  }
  // the other movements: some at the last and first half-second of a Beijing day
  for (const id of ids) {
    const r = rng.next();
    const edge = beijingMidnightMs(dayOf(rng.int(0, 2)));
    const prev = previousMonth();
    // rows in the previous month too (its first day and its middle), so month roll-ups are read with data
    const at =
      r < 0.2
        ? edge - 500
        : r < 0.4
          ? edge + 500
          : r < 0.5
            ? edge - 2 * DAY_MS + 7_200_000
            : r < 0.6
              ? beijingMidnightMs(prev.first) + 3_600_000
              : r < 0.7
                ? beijingMidnightMs(prev.last) - 5 * DAY_MS
                : null;
    if (at !== null && at < Date.now())
      await sql`update transfers set created_at = ${new Date(at)} where id = ${id}`;
  }
  await reverseSettlements(sql, rng, users[0]!, tag);
  // an open issue: bets left pending, some cancelled by their player (撤单)
  const open = `${tag}-open`;
  await makeIssue(sql, SSC, open, { closeInSec: 3_600 });
  for (const u of funded) {
    if (rng.next() < 0.4) continue;
    const [g] = await sql<
      { prize_group: number }[]
    >`select prize_group from user_prize_groups where user_id = ${u} and family = 'SSC'`;
    const bet = await placeBet(sql, {
      userId: u,
      issue: open,
      playCode: 'DWD',
      number: `${rng.int(0, 9)},-,-,-,-`,
      multiple: rng.int(1, 3),
      userGroup: g?.prize_group ?? 1900,
    });
    if (rng.next() < 0.5) await cancelBet(sql, u, bet.id);
  }
}

/**
 * Settled bets moved out of (and back into) the settled statuses after their day: issue 3 corrected
 * (unsettled, then re-settled on another result), issue 4 unsettled and left awaiting its re-draw,
 * issue 5 cancelled by the operator (系统撤单) after settlement.
 */
async function reverseSettlements(
  sql: Sql,
  rng: Rng,
  operatorId: number,
  tag: string,
): Promise<void> {
  for (const k of [3, 4]) {
    const issue = `${tag}-${k}`;
    const d = [rng.int(0, 9), rng.int(0, 9), rng.int(0, 9), rng.int(0, 9), rng.int(0, 9)];
    if (k === 3) d[1] = d[0]!; // the corrected draw a tie: tied dragon/tiger bets refund
    await sql.begin(async (tx) => {
      await unsettleBets(tx, SSC, issue, operatorId, '开奖更正');
      await tx`update lottery_issues set result = ${k === 3 ? d.join(',') : null}, result_version = result_version + 1,
                 status = ${k === 3 ? 'drawn' : 'pending'}, settled_at = null where lottery_code = ${SSC} and issue = ${issue}`;
    });
    if (k === 3) await settleIssue(sql, SSC, issue);
  }
  await cancelIssue(sql, SSC, `${tag}-5`, '测试撤单', operatorId);
}

interface Journal {
  user_id: number;
  type_code: number;
  amount: number;
  created_at: Date;
  c_kind: string;
  c_user: number | null;
  d_kind: string;
  d_user: number | null;
}

/** Every transfer about a user with its two accounts: the plain scan the expectations come from. */
export async function readJournal(sql: Sql): Promise<Journal[]> {
  return sql<Journal[]>`
    select t.user_id, t.type_code, t.amount, t.created_at, c.kind as c_kind, c.user_id as c_user, d.kind as d_kind, d.user_id as d_user
    from transfers t join ledger_accounts c on c.id = t.credit_account_id join ledger_accounts d on d.id = t.debit_account_id
    where t.user_id is not null`;
}

const HOLD = new Set<string>(REPORT_HOLDINGS);
function netOf(j: Journal): number {
  return (
    (j.c_user === j.user_id && HOLD.has(j.c_kind) ? j.amount : 0) -
    (j.d_user === j.user_id && HOLD.has(j.d_kind) ? j.amount : 0)
  );
}

/** The figures of a set of users over [start, end], recomputed from the journal, bets and users. */
export async function expectedFigures(
  sql: Sql,
  journal: Journal[],
  members: Set<number>,
  start: string,
  end: string,
) {
  const sums: CategorySums = emptySums();
  const active = new Set<number>();
  const bettors = new Set<number>();
  const firstRecharge = new Map<number, string>();
  for (const j of journal) {
    if (!members.has(j.user_id)) continue;
    const day = beijingDate(j.created_at);
    const net = netOf(j);
    if (categoryOf(j.type_code) === 'recharge' && net > 0) {
      const f = firstRecharge.get(j.user_id);
      if (!f || day < f) firstRecharge.set(j.user_id, day);
    }
    if (day < start || day > end) continue;
    sums[categoryOf(j.type_code)] += net;
    if (TIE_REFUND_CODES.includes(j.type_code)) sums.tieRefund += net;
    active.add(j.user_id);
    if (STAKE_CODES.includes(j.type_code) && net < 0) bettors.add(j.user_id);
  }
  // the bettors again from the bets table
  const from = new Date(Date.parse(`${start}T00:00:00+08:00`));
  const to = new Date(Date.parse(`${end}T00:00:00+08:00`) + DAY_MS);
  const betUsers = await sql<{ user_id: number }[]>`
    select distinct user_id from bets where user_id = any(${[...members]}::bigint[]) and created_at >= ${from} and created_at < ${to}`;
  const users = await sql<
    { id: number; created_at: Date }[]
  >`select id, created_at from users where id = any(${[...members]}::bigint[])`;
  // valid bets from the bets themselves (domain/bets.ts), by their Beijing placement day
  const bets = await sql<{ status: string; amount: number; refund: number; created_at: Date }[]>`
    select status, amount, refund, created_at from bets where user_id = any(${[...members]}::bigint[])`;
  for (const b of bets) {
    const day = beijingDate(b.created_at);
    if (day >= start && day <= end) {
      sums.validBet += validBetFenOf(b);
      sums.pendingBet += pendingStakeFenOf(b);
    }
  }
  const f = moneyFigures(sums);
  return {
    figures: {
      betAmount: formatFen(f.betFen),
      pendingBetAmount: formatFen(f.pendingBetFen),
      validBetAmount: formatFen(f.validBetFen),
      prizeAmount: formatFen(f.prizeFen),
      rebateAmount: formatFen(f.rebateFen),
      activityAmount: formatFen(f.activityFen),
      redEnvelopeAmount: formatFen(f.redEnvelopeFen),
      walletIncome: formatFen(f.walletFen),
      otherAmount: formatFen(f.otherFen),
      rechargeAmount: formatFen(f.rechargeFen),
      withdrawAmount: formatFen(f.withdrawFen),
      profit: formatFen(f.profitFen),
      firstRechargeCount: [...firstRecharge.values()].filter((d) => d >= start && d <= end).length,
      newMemberCount: users.filter((u) => u.created_at >= from && u.created_at < to).length,
      activeMemberCount: active.size,
      betMemberCount: bettors.size,
    },
    betUsersFromBets: betUsers.length,
    profitFen: f.profitFen,
  };
}

/** A user's team (itself and every descendant) from users.parent_id, walked here in TypeScript. */
export async function teamOf(sql: Sql, rootId: number): Promise<Set<number>> {
  const rows = await sql<
    { id: number; parent_id: number | null }[]
  >`select id, parent_id from users`;
  const kids = new Map<number, number[]>();
  for (const r of rows)
    if (r.parent_id !== null) kids.set(r.parent_id, [...(kids.get(r.parent_id) ?? []), r.id]);
  const team = new Set<number>([rootId]);
  const todo = [rootId];
  while (todo.length > 0)
    for (const k of kids.get(todo.pop()!) ?? [])
      if (!team.has(k)) {
        team.add(k);
        todo.push(k);
      }
  return team;
}
