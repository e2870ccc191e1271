/**
 * Payout caps at settlement (单注/单期最高派奖): a KL8 选十中十 cut to the per-bet cap; one player's wins
 * of an issue cut together in bet order (ties untouched); a batch that fails mid-way and a second
 * settleIssue pay nothing twice; a correction settles again under the caps; the ledger stays zero-sum.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PAYOUT_CAPS } from '../../src/domain/lottery/caps.ts';
import { clearLotteryCache } from '../../src/server/lottery/lotteries.ts';
import { correctIssue, settleIssue } from '../../src/server/lottery/settlement/index.ts';
import { betDetail } from '../../src/server/betting/records.ts';
import {
  expectLedgerSound,
  fund,
  makeIssue,
  makeUser,
  placeBet,
  playerBalance,
  testDb,
  transfersOf,
} from './settlement-fixtures.ts';

const { sql } = await testDb();
afterEach(() => expectLedgerSound(sql));

const KL8 = '9931';
const CAPPED = '9932';
const CAPPED_OFFICIAL = '9933';
const YUAN = 100;
/** the capped SSC games: 3,000 yuan per bet, 5,000 yuan per player per issue */
const PER_BET = 3000 * YUAN;
const PER_ISSUE = 5000 * YUAN;

await sql`
  insert into lotteries (code, family, name, source, schedule, close_lead_sec, prize_group_cap, rule_flags,
    max_payout_per_bet, max_payout_per_issue)
  values
    (${KL8}, 'KL8', '测试快乐8', 'self', ${sql.json({ kind: 'selfRun', intervalSec: 60 })}, 10, 1960, '{}', null, null),
    (${CAPPED}, 'SSC', '测试限额时时彩', 'self', ${sql.json({ kind: 'selfRun', intervalSec: 60 })}, 10, 1960,
     ${sql.json({ sscDragonTie: 'refund' })}, ${PER_BET}, ${PER_ISSUE}),
    (${CAPPED_OFFICIAL}, 'SSC', '测试限额官方时时彩', 'official',
     ${sql.json({ kind: 'daily', drawSec: 75_600, issueFormat: 'yearCounter' })}, 60, 1960, '{}', ${PER_BET}, ${PER_ISSUE})
  on conflict (code) do nothing`;
clearLotteryCache();

async function capRow(id: number) {
  const [r] = await sql<
    {
      status: string;
      payout: number;
      refund: number;
      uncapped_prize: number | null;
      cap_kind: string | null;
    }[]
  >`
    select status, payout, refund, uncapped_prize, cap_kind from bets where id = ${id}`;
  return r!;
}

/** The prize transfers of a bet (201), by id → amount. */
async function prizes(betId: number): Promise<Record<string, number>> {
  return Object.fromEntries(
    (await transfersOf(sql, betId))
      .filter((t) => t.type_code === 201)
      .map((t) => [t.transfer_id, t.amount]),
  );
}

/** 定位胆 on 万位 digit `d`, ×`multiple` at 元: 19.50 yuan per multiple when it wins (group 1950). */
const dwd = (code: string, userId: number, issue: string, d: number, multiple: number) =>
  placeBet(sql, {
    code,
    userId,
    issue,
    playCode: 'DWD',
    number: `${d},-,-,-,-`,
    multiple,
    userGroup: 1950,
  });

describe('payout caps at settlement', () => {
  it('cuts a KL8 选十中十 (8,474,480.24 yuan per 2 yuan) to the 500万元 per-bet cap and says so on the bet', async () => {
    const u = await makeUser(sql, { group: 1950, family: 'KL8' });
    await fund(sql, u, 200);
    await makeIssue(sql, KL8, 'C-1', {
      result: Array.from({ length: 20 }, (_, i) => String(i + 1).padStart(2, '0')).join(','),
    });
    const bet = await placeBet(sql, {
      code: KL8,
      family: 'KL8',
      userId: u,
      issue: 'C-1',
      playCode: 'RX10',
      number: '01 02 03 04 05 06 07 08 09 10',
      userGroup: 1950,
    });
    await settleIssue(sql, KL8, 'C-1');
    const cap = DEFAULT_PAYOUT_CAPS.KL8.perBetFen;
    expect(await capRow(bet.id)).toEqual({
      status: 'WON',
      payout: cap,
      refund: 0,
      uncapped_prize: 847_448_024,
      cap_kind: 'bet',
    });
    expect(await prizes(bet.id)).toEqual({ [`win:${bet.id}:v0`]: cap });
    expect(await playerBalance(sql, u)).toBe(cap);
    const detail = await betDetail(sql, u, bet.id);
    expect(detail).toMatchObject({
      capNote: '已按单注最高派奖限额派奖',
      uncappedPrize: '8474480.24',
      returnAmount: 5_000_000,
    });
  });

  it('cuts one player’s wins of an issue together in bet order; ties are not cut; other players keep theirs', async () => {
    const u = await makeUser(sql, { group: 1950 });
    const other = await makeUser(sql, { group: 1950 });
    await fund(sql, u, 100_000);
    await fund(sql, other, 100_000);
    await makeIssue(sql, CAPPED, 'C-2', { result: '3,3,0,0,0' });
    const a = await dwd(CAPPED, u, 'C-2', 3, 200); // 3,900 yuan → 3,000 (per bet)
    const lost = await dwd(CAPPED, u, 'C-2', 4, 1);
    const b = await dwd(CAPPED, u, 'C-2', 3, 100); // 1,950 yuan, 2,000 left → paid whole
    const c = await dwd(CAPPED, u, 'C-2', 3, 100); // 1,950 yuan, 50 left → 50 (per issue)
    // 龙虎 万 vs 千: 3 = 3, a tie: the stake comes back although the issue cap is spent
    const tie = await placeBet(sql, {
      code: CAPPED,
      userId: u,
      issue: 'C-2',
      playCode: 'LH',
      number: '龙,-,-,-,-,-,-,-,-,-',
      stakePerLineFen: 1000,
      userGroup: 1950,
    });
    const d = await dwd(CAPPED, u, 'C-2', 3, 1); // 19.50 yuan, nothing left → 0
    const o = await dwd(CAPPED, other, 'C-2', 3, 200); // another player: only the per-bet cap
    // one player per batch: u's bets still settle together
    await settleIssue(sql, CAPPED, 'C-2', { batchSize: 1, workers: 2 });

    expect(await capRow(a.id)).toEqual({
      status: 'WON',
      payout: PER_BET,
      refund: 0,
      uncapped_prize: 390_000,
      cap_kind: 'bet',
    });
    expect(await capRow(lost.id)).toMatchObject({ status: 'LOST', payout: 0, cap_kind: null });
    expect(await capRow(b.id)).toEqual({
      status: 'WON',
      payout: 195_000,
      refund: 0,
      uncapped_prize: null,
      cap_kind: null,
    });
    expect(await capRow(c.id)).toEqual({
      status: 'WON',
      payout: 5000,
      refund: 0,
      uncapped_prize: 195_000,
      cap_kind: 'issue',
    });
    expect(await capRow(tie.id)).toEqual({
      status: 'TIE_REFUND',
      payout: 1000,
      refund: 1000,
      uncapped_prize: null,
      cap_kind: null,
    });
    expect(await capRow(d.id)).toEqual({
      status: 'WON',
      payout: 0,
      refund: 0,
      uncapped_prize: 1950,
      cap_kind: 'issue',
    });
    expect(await capRow(o.id)).toMatchObject({ payout: PER_BET, cap_kind: 'bet' });
    expect(await prizes(d.id)).toEqual({});
    expect(await prizes(c.id)).toEqual({ [`win:${c.id}:v0`]: 5000 });
    const staked = a.amount + lost.amount + b.amount + c.amount + tie.amount + d.amount;
    expect(await playerBalance(sql, u)).toBe(100_000 - staked + PER_ISSUE + 1000);
    expect((await betDetail(sql, u, c.id)).capNote).toBe('已按单期最高派奖限额派奖');
  });

  it('a batch that fails mid-way, then settleIssue again (and again): every player paid once, capped', async () => {
    const users: number[] = [];
    for (let i = 0; i < 6; i++) users.push(await makeUser(sql, { group: 1950 }));
    for (const u of users) await fund(sql, u, 100_000);
    await makeIssue(sql, CAPPED, 'C-3', { result: '3,0,0,0,0' });
    const bets: { id: number; userId: number }[] = [];
    for (const u of users)
      for (const m of [200, 100, 100])
        bets.push({ id: (await dwd(CAPPED, u, 'C-3', 3, m)).id, userId: u });
    // the fourth player's bets cannot be settled: the first run dies there, its batch undone
    const poisoned = users[3]!;
    await sql.unsafe(`
      create function caps_test_poison() returns trigger language plpgsql as $$
      begin if new.user_id = ${poisoned} and new.status <> 'PENDING' then raise exception 'caps test: crash'; end if; return new; end $$`);
    await sql.unsafe(
      'create trigger caps_test_poison before update on bets for each row execute function caps_test_poison()',
    );
    try {
      await expect(settleIssue(sql, CAPPED, 'C-3', { batchSize: 1, workers: 1 })).rejects.toThrow(
        'caps test: crash',
      );
    } finally {
      await sql.unsafe('drop trigger caps_test_poison on bets');
      await sql.unsafe('drop function caps_test_poison()');
    }
    const [{ done }] = await sql<{ done: number }[]>`
      select count(*)::int as done from bets where lottery_code = ${CAPPED} and issue = 'C-3' and status <> 'PENDING'`;
    expect(done).toBe(9); // the three players before the poisoned one, whole
    await Promise.all([
      settleIssue(sql, CAPPED, 'C-3', { batchSize: 2, workers: 2 }),
      settleIssue(sql, CAPPED, 'C-3', { batchSize: 1, workers: 3 }),
    ]);
    expect(await settleIssue(sql, CAPPED, 'C-3')).toEqual({ settled: 0 });
    for (const u of users) {
      const mine = bets.filter((b) => b.userId === u);
      const paid = await Promise.all(mine.map((b) => prizes(b.id)));
      // 3,000 + 1,950 + 50: each bet one prize transfer at v0, the player's total the per-issue cap
      expect(paid).toEqual([
        { [`win:${mine[0]!.id}:v0`]: PER_BET },
        { [`win:${mine[1]!.id}:v0`]: 195_000 },
        { [`win:${mine[2]!.id}:v0`]: 5000 },
      ]);
      expect(await playerBalance(sql, u)).toBe(100_000 - (200 + 100 + 100) * 200 + PER_ISSUE);
    }
  });

  it('a correction reverses the capped prizes and settles again under the caps', async () => {
    const op = await makeUser(sql);
    const u = await makeUser(sql, { group: 1950 });
    await fund(sql, u, 200_000);
    await makeIssue(sql, CAPPED_OFFICIAL, 'C-4', { result: '3,0,0,0,0' });
    const a = await dwd(CAPPED_OFFICIAL, u, 'C-4', 3, 200); // wins first: 3,000 (cut)
    const b = await dwd(CAPPED_OFFICIAL, u, 'C-4', 6, 200); // wins after the correction: 3,000 (cut)
    const c = await dwd(CAPPED_OFFICIAL, u, 'C-4', 6, 150); // 2,925 → 2,000 left (cut by the issue)
    await settleIssue(sql, CAPPED_OFFICIAL, 'C-4');
    expect(await capRow(a.id)).toMatchObject({ payout: PER_BET, cap_kind: 'bet' });
    const staked = a.amount + b.amount + c.amount;
    expect(await playerBalance(sql, u)).toBe(200_000 - staked + PER_BET);

    expect(await correctIssue(sql, CAPPED_OFFICIAL, 'C-4', '6,0,0,0,0', op)).toEqual({
      resultVersion: 1,
    });
    expect(await capRow(a.id)).toEqual({
      status: 'LOST',
      payout: 0,
      refund: 0,
      uncapped_prize: null,
      cap_kind: null,
    });
    expect(await capRow(b.id)).toEqual({
      status: 'WON',
      payout: PER_BET,
      refund: 0,
      uncapped_prize: 390_000,
      cap_kind: 'bet',
    });
    expect(await capRow(c.id)).toEqual({
      status: 'WON',
      payout: PER_ISSUE - PER_BET,
      refund: 0,
      uncapped_prize: 292_500,
      cap_kind: 'issue',
    });
    expect(await prizes(a.id)).toEqual({ [`win:${a.id}:v0`]: PER_BET });
    expect(
      (await transfersOf(sql, a.id)).find((t) => t.transfer_id === `rev:win:${a.id}:v0`)?.amount,
    ).toBe(PER_BET);
    expect(await prizes(b.id)).toEqual({ [`win:${b.id}:v1`]: PER_BET });
    expect(await playerBalance(sql, u)).toBe(200_000 - staked + PER_ISSUE);
  });
});
