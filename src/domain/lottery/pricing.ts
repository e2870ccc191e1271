/**
 * Pricing a ticket for both sides (lottery-rules.md §2.1–§2.2): the client shows it while the slip is
 * built, the server recomputes it on every bet and settles with the same numbers.
 *
 * - `bettingPoint` on the wire is the rebate the bettor takes, in percent with one decimal (8, 7.5);
 *   inside it is per-mille of stake (80, 75). The bet plays at G_bet = G_user − 2·r‰.
 * - The lowest bet group is MIN_PRIZE_GROUP, so the largest rebate is (G_user − 1800) / 2 ‰, further
 *   capped by a play's own `maxRebatePermille`.
 * - Odds plays pay their play class's return R (returns.ts, per tier) at the lottery's cap group, scaled
 *   by G_bet / G_cap (odds = R·(G_bet / G_cap) / p), or an operator override quoted at the cap group and
 *   scaled the same way. With R < 1 and G_cap ≤ 2000 the house keeps a margin after the largest rebate
 *   (docs/lottery-design.md "Default odds by play class").
 */
import type { BetUnit } from './money.ts';
import { DEFAULT_RULE_FLAGS, flagsForStake } from './flags.ts';
import { tiersUnder } from './tiers.ts';
import { betAmountFen, oddsAmountFen, oddsForClassReturn } from './money.ts';
import { tierReturnBp } from './returns.ts';
import { settleOddsTicket, settlePrizeGroupTicket, type Settlement } from './settle.ts';
import { validateSelection } from './selection.ts';
import type { Draw, PlayDef, RuleFlags, Selection } from './types.ts';
import { RefusalReason, type RefusalReasonValue } from '../errors.ts';

export const MIN_PRIZE_GROUP = 1800;

/** Wire rebate point (percent, ≤ 1 decimal) → per-mille; null when malformed. */
export function rebatePointToPermille(point: string | number): number | null {
  const text = String(point).trim();
  if (!/^\d{1,2}(\.\d)?$/.test(text)) return null;
  return Math.round(Number(text) * 10);
}

export function permilleToRebatePoint(permille: number): number {
  return permille / 10;
}

/** The largest rebate (‰) an account of `userGroup` may take on `play`. */
export function maxRebatePermille(userGroup: number, play?: PlayDef): number {
  const byGroup = Math.max(0, Math.floor((userGroup - MIN_PRIZE_GROUP) / 2));
  return play?.maxRebatePermille === undefined
    ? byGroup
    : Math.min(byGroup, play.maxRebatePermille);
}

/**
 * Odds per tier (1/10000, stake included) at a bet group: the tier's class return, or the operator's
 * override, both quoted at `capGroup` and scaled by betGroup / capGroup (without a cap group: the odds of a
 * bettor at the cap group itself).
 */
export function playOdds(
  play: PlayDef,
  betGroup: number,
  overrides?: Readonly<Record<string, number>>,
  capGroup = betGroup,
  flags: RuleFlags = DEFAULT_RULE_FLAGS,
): Record<string, number> {
  const out: Record<string, number> = {};
  // tier probabilities follow the lottery's tie rules (a refunded tie changes the fair odds)
  for (const t of tiersUnder(play, flags)) {
    const o = overrides?.[t.id];
    out[t.id] =
      o !== undefined
        ? Math.floor((o * betGroup) / capGroup)
        : oddsForClassReturn(t, tierReturnBp(play, t.id), betGroup, capGroup);
  }
  return out;
}

export interface QuoteInput {
  /** prize-group plays */
  readonly unit: BetUnit;
  readonly multiple: number;
  /** odds plays: the stake on every line, fen */
  readonly stakePerLineFen?: number;
  readonly userGroup: number;
  readonly rebatePermille: number;
}

export type Quote =
  | {
      ok: true;
      lines: number;
      amountFen: number;
      betGroup: number;
      odds: Record<string, number> | null;
    }
  | { ok: false; msg: string; reason?: RefusalReasonValue };

/** Validates and prices one ticket. */
export function quoteBet(
  play: PlayDef,
  sel: Selection,
  q: QuoteInput,
  oddsOverrides?: Readonly<Record<string, number>>,
  capGroup?: number,
  flags: RuleFlags = DEFAULT_RULE_FLAGS,
): Quote {
  const bad = validateSelection(play, sel) ?? play.checkUnder?.(sel, flags) ?? null;
  if (bad) return { ok: false, msg: bad };
  if (
    !Number.isInteger(q.rebatePermille) ||
    q.rebatePermille < 0 ||
    q.rebatePermille > maxRebatePermille(q.userGroup, play)
  ) {
    return { ok: false, msg: '返点超出可用范围', reason: RefusalReason.REBATE_STALE };
  }
  const betGroup = q.userGroup - 2 * q.rebatePermille;
  const lines = play.countBets(sel);
  if (play.model === 'odds') {
    const amount = oddsAmountFen(lines, q.stakePerLineFen ?? 0);
    if (!amount.ok) return amount;
    const lineFlags = flagsForStake(flags, q.stakePerLineFen ?? 0);
    return {
      ok: true,
      lines,
      amountFen: amount.amountFen,
      betGroup,
      odds: playOdds(play, betGroup, oddsOverrides, capGroup ?? q.userGroup, lineFlags),
    };
  }
  const amount = betAmountFen(lines, q.unit, q.multiple);
  if (!amount.ok) return amount;
  return { ok: true, lines, amountFen: amount.amountFen, betGroup, odds: null };
}

export interface PricedTicket {
  readonly unit: BetUnit;
  readonly multiple: number;
  readonly lines: number;
  readonly amountFen: number;
  readonly betGroup: number;
  /** odds plays: the odds fixed at bet time */
  readonly odds: Readonly<Record<string, number>> | null;
}

/** Settles a priced ticket against a draw (either model). */
export function settleTicket(
  play: PlayDef,
  sel: Selection,
  draw: Draw,
  flags: RuleFlags,
  t: PricedTicket,
): Settlement {
  if (play.model === 'odds') {
    if (!t.odds) throw new Error(`${play.code}: an odds ticket without odds`);
    return settleOddsTicket(play, sel, draw, flags, {
      stakePerLineFen: t.amountFen / t.lines,
      odds: t.odds,
    });
  }
  return settlePrizeGroupTicket(play, sel, draw, flags, {
    group: t.betGroup,
    unit: t.unit,
    multiple: t.multiple,
  });
}
