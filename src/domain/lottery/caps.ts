/**
 * Payout caps (单注最高派奖 / 单期最高派奖, docs/lottery-design.md "Payout caps"): every lottery pays at
 * most `perBetFen` of prize on one bet (one order, whatever its lines and multiple) and at most
 * `perIssueFen` of prize to one player over all their bets of one issue. Both sides use this module:
 * the server cuts prizes at settlement (capPrizes), the betting page shows the caps and warns when a
 * ticket's top prize is above the per-bet cap (ticketTopPrizeFen).
 *
 * Only prize is capped: a tie's or a void's stake back is not a prize and is never cut.
 * Amounts are integer fen.
 */
import { FEN_PER_YUAN } from '../money.ts';
import { ODDS_SCALE, UNIT_DIVISOR, prizePerLine } from './money.ts';
import type { LotteryFamily, PlayDef } from './types.ts';
import type { PricedTicket } from './pricing.ts';

export interface PayoutCaps {
  /** 单注最高派奖: the most one bet pays in prize, fen */
  readonly perBetFen: number;
  /** 单期最高派奖: the most one player is paid in prize over one issue of the lottery, fen */
  readonly perIssueFen: number;
}

const WAN_YUAN_FEN = 10_000 * FEN_PER_YUAN;

/**
 * Defaults per family, as the sites players know state them: 快乐8 pays its official top prize
 * (选十中十 500万元 per bet, KL8 rules) and at most that per issue; every other family 100万元 per bet
 * and per issue (an operator's round figure, docs/lottery-design.md says why). An operator may set others per lottery.
 */
export const DEFAULT_PAYOUT_CAPS: Readonly<Record<LotteryFamily, PayoutCaps>> = (() => {
  const common: PayoutCaps = { perBetFen: 100 * WAN_YUAN_FEN, perIssueFen: 100 * WAN_YUAN_FEN };
  return {
    SSC: common,
    K3: common,
    PK10: common,
    SYX5: common,
    FC3D: common,
    PL35: common,
    LHC: common,
    BJ28: common,
    KL8: { perBetFen: 500 * WAN_YUAN_FEN, perIssueFen: 500 * WAN_YUAN_FEN },
  };
})();

/** The highest cap an operator may set: 1亿元 (far inside 2^53 fen and the ledger's per-transfer limit). */
export const PAYOUT_CAP_MAX_YUAN = 100_000_000;

/** The caps in force: the lottery's own settings where set, the family's default otherwise. */
export function payoutCapsOf(
  family: LotteryFamily,
  own: { perBetFen: number | null; perIssueFen: number | null } = {
    perBetFen: null,
    perIssueFen: null,
  },
): PayoutCaps {
  const d = DEFAULT_PAYOUT_CAPS[family];
  return { perBetFen: own.perBetFen ?? d.perBetFen, perIssueFen: own.perIssueFen ?? d.perIssueFen };
}

/** Why a prize was cut: by the per-bet cap, or by what the per-issue cap had left. */
export type CapKind = 'bet' | 'issue';

export interface CappedPrize {
  /** the prize paid, fen */
  prizeFen: number;
  /** the prize before the cut, fen (equal to prizeFen when not cut) */
  uncappedFen: number;
  /** null when nothing was cut */
  cutBy: CapKind | null;
}

/**
 * One player's prizes of one issue, in settlement order (bet id ascending), after the caps: each is
 * first held to the per-bet cap, then the per-issue cap is consumed in that order (`alreadyPaidFen`:
 * prize already paid to this player in this issue at this result version, counted first). Deterministic,
 * integer, and never more in total than the per-issue cap leaves.
 */
export function capPrizes(
  prizesFen: readonly number[],
  caps: PayoutCaps,
  alreadyPaidFen = 0,
): CappedPrize[] {
  if (!(caps.perBetFen > 0 && caps.perIssueFen > 0))
    throw new Error('payout caps must be positive');
  let left = Math.max(0, caps.perIssueFen - alreadyPaidFen);
  return prizesFen.map((uncapped) => {
    if (!Number.isSafeInteger(uncapped) || uncapped < 0)
      throw new Error(`not a prize in fen: ${uncapped}`);
    const perBet = Math.min(uncapped, caps.perBetFen);
    const paid = Math.min(perBet, left);
    left -= paid;
    const cutBy: CapKind | null = paid === uncapped ? null : paid < perBet ? 'issue' : 'bet';
    return { prizeFen: paid, uncappedFen: uncapped, cutBy };
  });
}

/** What the bet detail says of a cut prize. */
export const CAP_NOTE: Readonly<Record<CapKind, string>> = {
  bet: '已按单注最高派奖限额派奖',
  issue: '已按单期最高派奖限额派奖',
};

/** A cap for people: 5000000 yuan → '500万元', 12345 yuan → '12345元'. */
export function formatCapYuan(fen: number): string {
  if (fen % WAN_YUAN_FEN === 0) return `${fen / WAN_YUAN_FEN}万元`;
  if (fen % FEN_PER_YUAN === 0) return `${fen / FEN_PER_YUAN}元`;
  return `${(fen / FEN_PER_YUAN).toFixed(2)}元`;
}

/** The operator's cap text (whole yuan) → fen; null for '' (back to the default); a message when bad. */
export function payoutCapFromText(
  text: string,
  label: string,
): { ok: true; fen: number | null } | { ok: false; msg: string } {
  const t = text.trim();
  if (t === '') return { ok: true, fen: null };
  if (!/^\d{1,9}$/.test(t) || Number(t) === 0)
    return { ok: false, msg: `${label}须为正整数（元）` };
  if (Number(t) > PAYOUT_CAP_MAX_YUAN)
    return {
      ok: false,
      msg: `${label}不能超过${formatCapYuan(PAYOUT_CAP_MAX_YUAN * FEN_PER_YUAN)}`,
    };
  return { ok: true, fen: Number(t) * FEN_PER_YUAN };
}

/** The two caps together: a per-issue cap below the per-bet cap would make the per-bet one meaningless. */
export function payoutCapsProblem(caps: PayoutCaps): string | null {
  return caps.perIssueFen < caps.perBetFen ? '单期最高派奖不能低于单注最高派奖' : null;
}

/** A priced ticket (pricing.ts): unit, multiple, lines, amount, bet group and, for odds plays, the odds per tier. */
export type TopPrizeTicket = PricedTicket;

/**
 * The top prize one line of the ticket can win (fen, rounded down): the best tier at the ticket's
 * unit and multiple, or its stake per line at the best odds. A ticket can win at least this, so when
 * it is above the per-bet cap the cap surely bites; null for a parlay (its legs multiply).
 */
export function ticketTopPrizeFen(play: PlayDef, t: TopPrizeTicket): number | null {
  if (play.parlay) return null;
  if (play.model === 'odds') {
    if (!t.odds) return null;
    const best = Math.max(0, ...Object.values(t.odds));
    return Number((BigInt(Math.floor(t.amountFen / t.lines)) * BigInt(best)) / BigInt(ODDS_SCALE));
  }
  let top = 0;
  for (const tier of play.tiers) {
    const p = prizePerLine(tier, t.betGroup);
    const fen = Number((p.num * BigInt(t.multiple)) / (p.den * BigInt(UNIT_DIVISOR[t.unit])));
    if (fen > top) top = fen;
  }
  return top;
}
