/**
 * The push plan job (one job of the one runner, siteJobs.ts): for every enabled plan, the on-sale
 * issue's prediction is computed once (unique (plan, issue)), then posted into each of the plan's rooms
 * once (the post row and the message are written in one transaction under the prediction's row lock),
 * and waiting predictions are resolved once their issue is drawn. Every step is idempotent, so two
 * concurrent runs or a restart post nothing twice. See docs/push-plans.md.
 */
import { randomBytes } from 'node:crypto';
import type { Sql, Tx } from '../db/client.ts';
import { bytesFrom, parseDraw } from '../../domain/lottery/draws.ts';
import { getPlay } from '../../domain/lottery/catalogue.ts';
import { IsPrize, pickSelection, selectionWins, type PlanRule } from '../../domain/plans/pick.ts';
import { parseSelection } from '../../domain/lottery/selection.ts';
import { loadLottery, ruleFlagsAt } from '../lottery/lotteries.ts';
import { MessageType } from '../../domain/chat/messageTypes.ts';
import { storeMessage, type MessageRow } from '../chat/messages.ts';
import type { RoomRow } from '../chat/rooms.ts';
import { planPayload } from './payload.ts';

export interface PlanRow {
  id: number;
  name: string;
  lottery_code: string;
  play_code: string;
  rule: PlanRule;
  window_size: number;
  pick_count: number;
  room_ids: number[];
  enabled: boolean;
}

/** Publishes and announces a stored message (set by the chat routes' app; absent in a bare job run). */
export type PlanPublisher = (room: RoomRow, row: MessageRow) => Promise<void>;
let publisher: PlanPublisher | null = null;
export function setPlanPublisher(p: PlanPublisher | null): void {
  publisher = p;
}

const PLAN_EVERY_MS = 2_000;
export { PLAN_EVERY_MS };

/** Computes (once) the prediction of a plan for the lottery's on-sale issue; returns its id, or null. */
export async function ensurePrediction(
  sql: Sql,
  plan: PlanRow,
  nowMs: number,
): Promise<number | null> {
  const [open] = await sql<{ issue: string }[]>`
    select issue from lottery_issues where lottery_code = ${plan.lottery_code} and status = 'pending'
      and sale_open_at <= ${new Date(nowMs)} and close_at > ${new Date(nowMs)}
    order by close_at limit 1`;
  if (!open) return null;
  const [have] = await sql<
    { id: number }[]
  >`select id from push_plan_predictions where plan_id = ${plan.id} and issue = ${open.issue}`;
  if (have) return have.id;
  const lottery = await loadLottery(sql, plan.lottery_code);
  const play = lottery && getPlay(lottery.family, plan.play_code);
  if (!lottery || !play) return null;
  const past = await sql<{ result: string }[]>`
    select result from lottery_issues where lottery_code = ${plan.lottery_code} and status in ('drawn', 'settled')
      and result is not null and draw_at <= ${new Date(nowMs)}
    order by draw_at desc limit ${plan.window_size}`;
  const draws = past
    .map((p) => parseDraw(lottery.family, p.result))
    .filter((d): d is number[] => d !== null);
  const pick = pickSelection({
    rule: plan.rule,
    play,
    pickCount: plan.pick_count,
    draws,
    flags: ruleFlagsAt(lottery, nowMs),
    bytes: bytesFrom(randomBytes(256)),
  });
  const content = pick.bettingNumber;
  await sql`
    insert into push_plan_predictions (plan_id, lottery_code, issue, betting_number, bet_content, bet_count)
    values (${plan.id}, ${plan.lottery_code}, ${open.issue}, ${pick.bettingNumber}, ${content}, ${pick.betCount})
    on conflict (plan_id, issue) do nothing`;
  const [row] = await sql<
    { id: number }[]
  >`select id from push_plan_predictions where plan_id = ${plan.id} and issue = ${open.issue}`;
  return row?.id ?? null;
}

/** Posts a prediction into every room of its plan not yet posted; returns the messages stored now. */
export async function postPrediction(
  sql: Sql,
  plan: PlanRow,
  predictionId: number,
): Promise<{ room: RoomRow; row: MessageRow }[]> {
  const made: { room: RoomRow; row: MessageRow }[] = [];
  for (const roomId of plan.room_ids) {
    const stored = await sql.begin(async (tx: Tx) => {
      await tx`select id from push_plan_predictions where id = ${predictionId} for update`;
      const [posted] =
        await tx`select 1 from push_plan_posts where prediction_id = ${predictionId} and room_id = ${roomId}`;
      if (posted) return null;
      const [room] = await tx<
        RoomRow[]
      >`select * from chat_rooms where id = ${roomId} and type = 1`;
      if (!room) return null;
      const body = JSON.stringify(await planPayload(tx, plan, predictionId));
      const row = await storeMessage(tx, {
        roomId,
        userId: null,
        guestId: null,
        messageTypeId: MessageType.PUSH_PLAN,
        body,
      });
      await tx`insert into push_plan_posts (prediction_id, room_id, message_id) values (${predictionId}, ${roomId}, ${row.id})`;
      return { room, row };
    });
    if (stored) made.push(stored);
  }
  return made;
}

interface DueRow {
  id: number;
  lottery_code: string;
  play_code: string;
  betting_number: string;
  result: string | null;
  status: string;
  draw_at: Date;
}

/**
 * Resolves waiting predictions whose issue is drawn (hit/miss by the settlement rule) or cancelled, and
 * resolves again the predictions of an issue whose result the operator corrected (last 7 days).
 */
export async function resolveDrawn(sql: Sql): Promise<number> {
  const due = await sql<DueRow[]>`
    select p.id, p.lottery_code, pl.play_code, p.betting_number, i.result, i.status, i.draw_at
    from push_plan_predictions p join push_plans pl on pl.id = p.plan_id
    join lottery_issues i on i.lottery_code = p.lottery_code and i.issue = p.issue
    where p.is_prize = 2 and i.status in ('drawn', 'settled', 'cancelled')
    union
    select p.id, p.lottery_code, pl.play_code, p.betting_number, i.result, i.status, i.draw_at
    from lottery_result_corrections c
    join push_plan_predictions p on p.lottery_code = c.lottery_code and p.issue = c.issue
    join push_plans pl on pl.id = p.plan_id
    join lottery_issues i on i.lottery_code = p.lottery_code and i.issue = p.issue
    where c.corrected_at > now() - interval '7 days' and p.is_prize in (0, 1) and i.status in ('drawn', 'settled')
      and p.open_number is distinct from i.result
    order by id limit 500`;
  let n = 0;
  for (const d of due) {
    let isPrize: number = IsPrize.CANCELLED;
    if (d.status !== 'cancelled') {
      const lottery = await loadLottery(sql, d.lottery_code);
      const play = lottery && getPlay(lottery.family, d.play_code);
      const draw = lottery && d.result ? parseDraw(lottery.family, d.result) : null;
      const sel = play ? parseSelection(play, d.betting_number) : null;
      if (!lottery || !play || !draw || !sel) continue;
      isPrize = selectionWins(play, sel, draw, ruleFlagsAt(lottery, d.draw_at.getTime()))
        ? IsPrize.HIT
        : IsPrize.MISS;
    }
    const done = await sql`
      update push_plan_predictions set is_prize = ${isPrize}, open_number = ${d.result}, resolved_at = now()
      where id = ${d.id} and (is_prize = 2 or (is_prize in (0, 1) and open_number is distinct from ${d.result})) returning id`;
    n += done.length;
  }
  return n;
}

/** One run of the job: resolve, then predict and post for every enabled plan. */
export async function runPlans(
  sql: Sql,
  nowMs: number,
): Promise<{ resolved: number; posted: number }> {
  const resolved = await resolveDrawn(sql);
  let posted = 0;
  const plans = await sql<PlanRow[]>`select * from push_plans where enabled order by id`;
  for (const plan of plans) {
    const id = await ensurePrediction(sql, plan, nowMs);
    if (id === null) continue;
    for (const m of await postPrediction(sql, plan, id)) {
      posted++;
      await publisher?.(m.room, m.row);
    }
  }
  return { resolved, posted };
}
