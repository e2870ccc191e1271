/**
 * Many bets at once for the settlement crash test and the settlement benchmark (no vitest here):
 * one INSERT … SELECT FROM unnest for the bets, one bulk ledger write for their stakes (301 `bet:{id}`).
 */
import {
  getPlay,
  parseSelection,
  quoteBet,
  type BetUnit,
  type LotteryFamily,
} from '../../src/domain/lottery/index.ts';
import type { Sql } from '../../src/server/db/client.ts';
import { bulkTransfersInTx } from '../../src/server/ledger/ledger.ts';
import type { TransferInput } from '../../src/server/ledger/ledger.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

export interface BulkBet {
  userId: number;
  playCode: string;
  number: string;
  unit: BetUnit;
  multiple: number;
  userGroup: number;
  rebatePermille: number;
}

/** Inserts the bets of one issue and takes their stakes; returns the ids in input order. */
export async function insertBets(
  sql: Sql,
  family: LotteryFamily,
  lotteryCode: string,
  issue: string,
  bets: readonly BulkBet[],
  requestPrefix: string,
): Promise<{ id: number; amount: number }[]> {
  const priced = new Map<string, { lines: number; amount: number; betGroup: number }>();
  const rows = bets.map((b) => {
    const k = `${b.playCode}|${b.number}|${b.unit}|${b.multiple}|${b.userGroup}|${b.rebatePermille}`;
    let p = priced.get(k);
    if (!p) {
      const play = getPlay(family, b.playCode);
      const sel = play && parseSelection(play, b.number);
      if (!play || !sel || play.model !== 'prizeGroup')
        throw new Error(`not a prize-group ticket: ${k}`);
      const q = quoteBet(play, sel, {
        unit: b.unit,
        multiple: b.multiple,
        userGroup: b.userGroup,
        rebatePermille: b.rebatePermille,
      });
      if (!q.ok) throw new Error(q.msg);
      p = { lines: q.lines, amount: q.amountFen, betGroup: q.betGroup };
      priced.set(k, p);
    }
    return { b, p };
  });
  return sql.begin(async (tx) => {
    const inserted = await tx<{ id: number; request_index: number }[]>`
      insert into bets (order_no, user_id, request_id, request_index, lottery_code, issue, play_code, betting_number,
        betting_count, unit, multiple, amount, rebate_permille, user_group, bet_group, stake_type)
      select ${requestPrefix} || '-' || r.i, r.user_id, ${requestPrefix}, r.i, ${lotteryCode}, ${issue}, r.play_code, r.num,
        r.lines, r.unit, r.multiple, r.amount, r.rebate, r.user_group, r.bet_group, 301
      from unnest(
        ${tx.array(rows.map((_, i) => String(i)))}::integer[],
        ${tx.array(rows.map((r) => String(r.b.userId)))}::bigint[],
        ${tx.array(rows.map((r) => r.b.playCode))}::text[],
        ${tx.array(rows.map((r) => r.b.number))}::text[],
        ${tx.array(rows.map((r) => String(r.p.lines)))}::integer[],
        ${tx.array(rows.map((r) => r.b.unit))}::text[],
        ${tx.array(rows.map((r) => String(r.b.multiple)))}::integer[],
        ${tx.array(rows.map((r) => String(r.p.amount)))}::bigint[],
        ${tx.array(rows.map((r) => String(r.b.rebatePermille)))}::integer[],
        ${tx.array(rows.map((r) => String(r.b.userGroup)))}::integer[],
        ${tx.array(rows.map((r) => String(r.p.betGroup)))}::integer[]
      ) with ordinality as r(i, user_id, play_code, num, lines, unit, multiple, amount, rebate, user_group, bet_group, ord)
      order by r.ord
      returning id, request_index`;
    const idOf = new Map(inserted.map((r) => [r.request_index, r.id]));
    const out = rows.map((r, i) => ({ id: idOf.get(i)!, amount: r.p.amount }));
    const stakes = out.map(
      (o, i): TransferInput => ({
        transferId: transferIds.betStake(o.id),
        from: { kind: 'player', userId: rows[i]!.b.userId },
        to: { kind: 'house', userId: null },
        amountFen: o.amount,
        typeCode: 301,
        userId: rows[i]!.b.userId,
      }),
    );
    await bulkTransfersInTx(tx, stakes);
    return out;
  });
}

/** Credits every user `fen` in one bulk write. */
export async function fundAll(
  sql: Sql,
  users: readonly number[],
  fen: number,
  idPrefix: string,
): Promise<void> {
  await sql.begin((tx) =>
    bulkTransfersInTx(
      tx,
      users.map(
        (u): TransferInput => ({
          transferId: transferIds.fixture(`${idPrefix}:${u}`),
          from: { kind: 'house', userId: null },
          to: { kind: 'player', userId: u },
          amountFen: fen,
          typeCode: 401,
          userId: u,
        }),
      ),
    ),
  );
}
