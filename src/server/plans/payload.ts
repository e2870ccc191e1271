/**
 * A plan's message payload (type 10, /work contract) and its history rows and win rates, all read
 * from the stored predictions (the rates are a recount of the resolved rows, never a stored counter).
 */
import type { Db } from '../db/client.ts';
import { getPlay } from '../../domain/lottery/catalogue.ts';
import { beijingDateKey } from '../../domain/time.ts';
import { PLAN_DISCLAIMER, RULE_NAMES, winRate } from '../../domain/plans/pick.ts';
import type { LotteryFamily } from '../../domain/lottery/types.ts';
import type { PlanRow } from './engine.ts';

export const CARD_HISTORY = 5;

export interface HistoryRow {
  issue: string;
  predictionResult: string;
  playType: string;
  isPrize: number;
  openNumber: string;
}

interface PredRow {
  issue: string;
  bet_content: string;
  betting_number: string;
  bet_count: number;
  is_prize: number;
  open_number: string | null;
  draw_at: Date;
}

export async function planRates(sql: Db, planId: number, nowMs = Date.now()) {
  const rows = await sql<{ is_prize: number; draw_at: Date }[]>`
    select p.is_prize, i.draw_at from push_plan_predictions p join lottery_issues i on i.lottery_code = p.lottery_code and i.issue = p.issue
    where p.plan_id = ${planId}`;
  const today = beijingDateKey(nowMs);
  const all = rows.map((r) => ({ isPrize: r.is_prize, day: beijingDateKey(r.draw_at) }));
  return { totalWinRate: winRate(all), todayWinRate: winRate(all.filter((r) => r.day === today)) };
}

export async function historyRows(
  sql: Db,
  planId: number,
  playName: string,
  limit: number,
  offset: number,
) {
  const rows = await sql<(PredRow & { total: number })[]>`
    select p.issue, p.bet_content, p.betting_number, p.bet_count, p.is_prize, p.open_number, i.draw_at, count(*) over ()::int as total
    from push_plan_predictions p join lottery_issues i on i.lottery_code = p.lottery_code and i.issue = p.issue
    where p.plan_id = ${planId} order by i.draw_at desc, p.id desc limit ${limit} offset ${offset}`;
  const list: HistoryRow[] = rows.map((r) => ({
    issue: r.issue,
    predictionResult: r.bet_content,
    playType: playName,
    isPrize: r.is_prize,
    openNumber: r.open_number ?? '',
  }));
  return { list, total: rows[0]?.total ?? 0 };
}

export async function planPayload(sql: Db, plan: PlanRow, predictionId: number) {
  const [lot] = await sql<
    { name: string; family: LotteryFamily }[]
  >`select name, family from lotteries where code = ${plan.lottery_code}`;
  const [pred] = await sql<PredRow[]>`
    select p.issue, p.bet_content, p.betting_number, p.bet_count, p.is_prize, p.open_number, i.draw_at
    from push_plan_predictions p join lottery_issues i on i.lottery_code = p.lottery_code and i.issue = p.issue where p.id = ${predictionId}`;
  if (!lot || !pred)
    throw new Error(`push plan ${plan.id}: prediction ${predictionId} or its lottery is missing`);
  const play = getPlay(lot.family, plan.play_code);
  const betPlay = play ? `${play.group} ${play.nameZh}` : plan.play_code;
  const { list, total } = await historyRows(sql, plan.id, betPlay, CARD_HISTORY + 1, 0);
  const rates = await planRates(sql, plan.id);
  const resolved = list.filter((h) => h.issue !== pred.issue);
  return {
    planId: plan.id,
    lotteryCode: plan.lottery_code,
    lotteryName: lot.name,
    lotteryType: lot.family,
    bettingIssue: pred.issue,
    playName: plan.name,
    playHistory: `共${total}期`,
    betPlay,
    describePlay: `${RULE_NAMES[plan.rule]}。${PLAN_DISCLAIMER}`,
    totalWinRate: rates.totalWinRate,
    todayWinRate: rates.todayWinRate,
    displayContent: { showHistory: 1, showWinRate: 1 },
    predictionResult: pred.bet_content,
    history: resolved
      .slice(0, CARD_HISTORY)
      .map(({ issue, predictionResult, playType, isPrize }) => ({
        issue,
        predictionResult,
        playType,
        isPrize,
      })),
    entries: [
      {
        playDetailCode: plan.play_code,
        bettingNumber: pred.betting_number,
        bettingCount: pred.bet_count,
        betDetail: betPlay,
        betDetailContent: pred.bet_content,
        bettingAmount: '1',
        bettingUnit: 1,
        graduationCount: 1,
        betAmountMode: 2,
      },
    ],
  };
}
export type PlanPayload = Awaited<ReturnType<typeof planPayload>>;
