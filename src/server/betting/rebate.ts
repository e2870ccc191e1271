/**
 * The rebate a player may take per family (getAllBetRebate / getBetRebate) and the public list of
 * the latest wins (getNewestBounsList, names masked).
 */
import { formatFen, maskName } from '../../domain/money.ts';
import { transferIdAround } from '../../domain/transferIds.ts';
import { transferRefPrefix } from '../../domain/transferRefs.ts';
import { TxType } from '../../domain/txTypes.ts';
import {
  LOTTERY_FAMILIES,
  maxRebatePermille,
  permilleToRebatePoint,
  type LotteryFamily,
} from '../../domain/lottery/index.ts';
import type { Sql } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';
import { listLotteries } from '../lottery/lotteries.ts';
import { prizeGroupOf } from './groups.ts';

export const NEWEST_WINS = 20;

/** The highest prize-group cap of the family's enabled lotteries (null: none on sale). */
async function familyCaps(sql: Sql): Promise<Map<LotteryFamily, number>> {
  const caps = new Map<LotteryFamily, number>();
  for (const l of await listLotteries(sql)) {
    if (l.enabled) caps.set(l.family, Math.max(caps.get(l.family) ?? 0, l.prizeGroupCap));
  }
  return caps;
}

async function rebateOf(sql: Sql, userId: number, family: LotteryFamily, cap: number) {
  const prizeGroup = await prizeGroupOf(sql, userId, family, cap);
  return {
    lotteryType: family,
    rebate: permilleToRebatePoint(maxRebatePermille(prizeGroup)),
    prizeGroup,
  };
}

export async function allRebates(sql: Sql, userId: number) {
  const caps = await familyCaps(sql);
  const list = [];
  for (const family of LOTTERY_FAMILIES) {
    const cap = caps.get(family);
    if (cap !== undefined) list.push(await rebateOf(sql, userId, family, cap));
  }
  return { list };
}

export async function familyRebate(sql: Sql, userId: number, lotteryType: string) {
  if (!LOTTERY_FAMILIES.includes(lotteryType as LotteryFamily))
    throw new AppError('彩种类型不存在');
  const cap = (await familyCaps(sql)).get(lotteryType as LotteryFamily);
  if (cap === undefined) throw new AppError('彩种已停售');
  const { rebate, prizeGroup } = await rebateOf(sql, userId, lotteryType as LotteryFamily, cap);
  return { rebate, prizeGroup };
}

/** `rev:` and the id it reverses: the SQL below fills the id from the prize row. */
const reversal = transferIdAround('reversal', 'original', {});
/** `bet:` and the bet id a prize's ref ends with. */
const betRef = transferRefPrefix('bet');

export async function newestWins(sql: Sql) {
  // The newest prize transfers (201), read backwards along the journal's primary key: no index on
  // bets.status, so settling a bet stays a HOT update. Prizes taken back by a correction are left out.
  const rows = await sql<
    { user_name: string; lottery_name: string; payout: number; settled_at: Date }[]
  >`
    select u.user_name, l.name as lottery_name, t.amount as payout, t.created_at as settled_at
    from transfers t
      join bets b on b.id = substring(t.ref from ${betRef.length + 1}::int)::bigint
      join users u on u.id = t.user_id
      join lotteries l on l.code = b.lottery_code
    where t.type_code = ${TxType.LOTTERY_WIN} and t.ref like ${`${betRef}%`}
      and not exists (select 1 from transfers r where r.transfer_id = ${reversal.before} || t.transfer_id)
    order by t.id desc limit ${NEWEST_WINS}`;
  return {
    list: rows.map((r) => ({
      userName: maskName(r.user_name),
      lotteryName: r.lottery_name,
      amount: formatFen(r.payout),
      time: r.settled_at.getTime(),
    })),
  };
}
