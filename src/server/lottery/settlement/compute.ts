/**
 * One bet against a draw, in memory: its new status and amounts, the ledger transfers that pay it and
 * its rebate shares (lottery-rules.md §2.4; docs/lottery-design.md for ids and type codes). Pure: no database.
 */
import {
  bettorRebateFen,
  flagsForStake,
  getPlay,
  parseSelection,
  playOdds,
  settleTicket,
  uplineRebatesFen,
  validateSelection,
  type Draw,
  type LotteryFamily,
  type PlayDef,
  type RuleFlags,
  type Selection,
} from '../../../domain/lottery/index.ts';
import type { CapKind } from '../../../domain/lottery/caps.ts';
import { transferIds } from '../../../domain/transferIds.ts';
import type { TransferInput } from '../../ledger/ledger.ts';
import { houseToPlayer, TYPE, type BetRow } from './common.ts';

export interface DrawContext {
  family: LotteryFamily;
  draw: Draw;
  flags: RuleFlags;
  version: number;
  /** the lottery's odds overrides (only for odds bets stored without odds) */
  oddsOverrides: Readonly<Record<string, Readonly<Record<string, number>>>>;
  prizeGroupCap: number;
}

export interface BetOutcome {
  id: number;
  status: 'WON' | 'LOST' | 'TIE_REFUND' | 'SYSTEM_CANCELLED';
  payout: number;
  refund: number;
  rebate: number;
  winDetail: unknown;
  /** prize before the payout caps cut it, and which cap did (caps.ts); null when not cut */
  uncappedPrize: number | null;
  capKind: CapKind | null;
  /** prize / tie / void refund, one transfer each (ids carry the bet) */
  transfers: TransferInput[];
  /** own (501) and upline (502) rebates of this bet; settle.ts credits them summed per recipient per batch */
  rebates: RebateShare[];
}

export interface RebateShare {
  userId: number;
  typeCode: number;
  amountFen: number;
}

/** The bettor then the uplines, each with its prize group (src/server/betting/groups.ts chainGroups). */
export type Chain = readonly { userId: number; group: number }[];

/**
 * Upline rebates on `stakeFen`: each upline earns (its group − its child's group) / 2000 of the stake.
 * The bettor's group is the one the bet was placed at; groups are made non-decreasing going up, so
 * a later change of a group can never make a rebate negative.
 */
function uplineShares(bet: BetRow, chain: Chain, stakeFen: number): RebateShare[] {
  if (chain.length < 2 || stakeFen <= 0) return [];
  const groups = [bet.user_group];
  for (const link of chain.slice(1)) groups.push(Math.max(link.group, groups[groups.length - 1]!));
  const amounts = uplineRebatesFen(stakeFen, groups);
  const out: RebateShare[] = [];
  amounts.forEach((amount, i) => {
    if (amount > 0)
      out.push({ userId: chain[i + 1]!.userId, typeCode: TYPE.uplineRebate, amountFen: amount });
  });
  return out;
}

/** A bet the catalogue can no longer read (unknown play or selection) is voided with its stake back. */
function voided(bet: BetRow): BetOutcome {
  return {
    id: bet.id,
    status: 'SYSTEM_CANCELLED',
    payout: bet.amount,
    refund: bet.amount,
    rebate: 0,
    winDetail: null,
    uncappedPrize: null,
    capKind: null,
    transfers: [
      houseToPlayer(
        transferIds.systemRefund(bet.id),
        bet.user_id,
        bet.amount,
        TYPE.systemRefund,
        bet.id,
        '无法结算，系统撤单',
      ),
    ],
    rebates: [],
  };
}

/**
 * Parsed and validated selections by `${playCode}|${text}` (an issue's bets repeat them a lot), each
 * with its settled results by pricing key: a draw settles a given ticket one way, so it is computed
 * once per distinct (play, selection, unit, multiple, lines, amount, group, odds, result version).
 */
export type SelectionCache = Map<string, Ticket | null>;
interface Ticket {
  play: PlayDef;
  sel: Selection;
  settled: Map<string, Settled>;
}
interface Settled {
  status: BetOutcome['status'];
  payoutFen: number;
  refundFen: number;
  winDetail: { wins: unknown; refunds: unknown };
}

function readTicket(ctx: DrawContext, bet: BetRow, cache: SelectionCache): Ticket | null {
  const key = `${bet.play_code}|${bet.betting_number}`;
  let hit = cache.get(key);
  if (hit === undefined) {
    const play = getPlay(ctx.family, bet.play_code);
    const sel = play ? parseSelection(play, bet.betting_number) : null;
    hit = play && sel && !validateSelection(play, sel) ? { play, sel, settled: new Map() } : null;
    cache.set(key, hit);
  }
  return hit;
}

/** The ticket against the draw, computed once per pricing key (the result shared: never mutated). */
function settleOnce(ctx: DrawContext, bet: BetRow, ticket: Ticket): Settled {
  const { play, sel } = ticket;
  const key = `${ctx.version}|${bet.unit}|${bet.multiple}|${bet.betting_count}|${bet.amount}|${bet.bet_group}|${bet.odds === null ? '' : JSON.stringify(bet.odds)}`;
  let s = ticket.settled.get(key);
  if (!s) {
    const odds =
      play.model === 'odds'
        ? // a bet stored without odds is priced as quoteBet would have: the tiers under the lottery's flags
          (bet.odds ??
          playOdds(
            play,
            bet.bet_group,
            ctx.oddsOverrides[play.code],
            ctx.prizeGroupCap,
            flagsForStake(ctx.flags, bet.amount / bet.betting_count),
          ))
        : null;
    const r = settleTicket(play, sel, ctx.draw, ctx.flags, {
      unit: bet.unit,
      multiple: bet.multiple,
      lines: bet.betting_count,
      amountFen: bet.amount,
      betGroup: bet.bet_group,
      odds,
    });
    s = {
      status: r.status,
      payoutFen: r.payoutFen,
      refundFen: r.refundFen,
      winDetail: { wins: r.win.wins, refunds: r.win.refunds },
    };
    if (ticket.settled.size > 10_000) ticket.settled.clear();
    ticket.settled.set(key, s);
  }
  return s;
}

export function settleBet(
  ctx: DrawContext,
  bet: BetRow,
  chain: Chain,
  cache: SelectionCache = new Map(),
): BetOutcome {
  const ticket = readTicket(ctx, bet, cache);
  if (!ticket) return voided(bet);
  const s = settleOnce(ctx, bet, ticket);
  const v = ctx.version;
  const transfers: TransferInput[] = [];
  const prize = s.payoutFen - s.refundFen;
  if (prize > 0)
    transfers.push(
      houseToPlayer(transferIds.prize(bet.id, v), bet.user_id, prize, TYPE.prize, bet.id),
    );
  if (s.refundFen > 0)
    transfers.push(
      houseToPlayer(
        transferIds.tieRefund(bet.id, v),
        bet.user_id,
        s.refundFen,
        TYPE.tieRefund,
        bet.id,
      ),
    );
  // Rebates only on the stake that played (refunded lines earn none).
  const validStake = Math.max(0, bet.amount - s.refundFen);
  const rebate =
    validStake > 0 && bet.bet_group <= bet.user_group
      ? bettorRebateFen(validStake, bet.user_group, bet.bet_group)
      : 0;
  const rebates = uplineShares(bet, chain, validStake);
  if (rebate > 0)
    rebates.unshift({ userId: bet.user_id, typeCode: TYPE.rebate, amountFen: rebate });
  return {
    id: bet.id,
    status: s.status,
    payout: s.payoutFen,
    refund: s.refundFen,
    rebate,
    winDetail: s.winDetail,
    uncappedPrize: null,
    capKind: null,
    transfers,
    rebates,
  };
}
