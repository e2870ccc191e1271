/**
 * Prize-by-rebate tables (返点说明) from domain pricing: a bettor taking r‰ rebate plays at
 * G_bet = G_user − 2·r‰, so each row shows the main tier's prize (per 2-yuan line, unit 元) or odds at
 * that group. Rows run from 0 to the largest rebate of the group in 0.5 % steps. Odds plays' default odds
 * are their class return at the lottery's cap group (domain returns.ts), scaled by G_bet / G_cap.
 */
import {
  FAIR_GROUP,
  ODDS_SCALE,
  maxRebatePermille,
  permilleToRebatePoint,
  playOdds,
  prizePerLineFen,
  tierReturnBp,
  type LotteryFamily,
  type PlayDef,
  type TierDef,
} from '../../../domain/lottery';
import { getPlay } from '../../../domain/lottery/lazyCatalogue';
import { formatFen } from '../../../domain/money';

/** A few plays per family that players know, by domain play code. */
const REPRESENTATIVE: Record<LotteryFamily, string[]> = {
  SSC: ['WX_ZXFS', 'Q3_ZXFS', 'Q2_ZXFS'],
  K3: ['STHDX', 'SBTH', 'EBTH'],
  PK10: ['GJ', 'QE_FS', 'DWD'],
  SYX5: ['Q3_ZXFS', 'RX5', 'DWD'],
  FC3D: ['SX_ZXFS', 'SX_Z6FS', 'DWD'],
  PL35: ['P3_ZXFS', 'P5_ZXFS', 'P3_DWD'],
  KL8: ['RX1', 'RX5', 'ZH'],
  LHC: ['TM', 'ZM', 'SB'],
  BJ28: ['TM', 'LM', 'BS'],
};

const STEP_PERMILLE = 5;

/** The headline tier of a play: the rarest one (highest prize). */
export function mainTier(play: PlayDef): TierDef {
  return play.tiers.reduce((best, t) => (t.pNum * best.pDen < best.pNum * t.pDen ? t : best));
}

/** The family must be loaded (loadFamily). */
export function representativePlays(family: LotteryFamily): PlayDef[] {
  return REPRESENTATIVE[family]
    .map((code) => getPlay(family, code))
    .filter((p): p is PlayDef => p !== undefined);
}

/** The prize (yuan, 2 decimals) or odds (3 decimals, default odds quoted at `capGroup`) of a play's main tier at a bet group. */
export function quoteAt(play: PlayDef, betGroup: number, capGroup: number): string {
  const t = mainTier(play);
  if (play.model === 'odds')
    return (playOdds(play, betGroup, undefined, capGroup)[t.id]! / ODDS_SCALE).toFixed(3);
  return formatFen(prizePerLineFen(t, betGroup));
}

export interface RebateRow {
  rebatePoint: number;
  betGroup: number;
  quotes: (string | null)[];
}

/**
 * Rows for rebate 0 … max of `userGroup` in 0.5 % steps; null where a play's own cap is lower. Odds are
 * quoted at `capGroup` (the lottery's cap group; the account's own group when it is not known).
 */
export function rebateRows(userGroup: number, plays: PlayDef[], capGroup = userGroup): RebateRow[] {
  const max = maxRebatePermille(userGroup);
  const rows: RebateRow[] = [];
  for (let r = 0; r <= max; r += STEP_PERMILLE) {
    const betGroup = userGroup - 2 * r;
    rows.push({
      rebatePoint: permilleToRebatePoint(r),
      betGroup,
      quotes: plays.map((p) =>
        r <= maxRebatePermille(userGroup, p) ? quoteAt(p, betGroup, capGroup) : null,
      ),
    });
  }
  return rows;
}

/**
 * The prize group behind a published quote (howToPlay answers prizes at the viewer's group): a prize of
 * v yuan per line is G / (1000·p); default odds are R·(G / G_cap)·share / p with R the tier's class return,
 * so they give G only with the lottery's cap group. Fixed-table tiers say nothing of G.
 */
export function groupFromQuote(
  play: PlayDef,
  tierId: string,
  value: number,
  capGroup?: number,
): number | null {
  const t = play.tiers.find((x) => x.id === tierId);
  if (!t || t.fixedPrizeFen !== undefined || !Number.isFinite(value) || value <= 0) return null;
  if (play.model === 'odds' && capGroup === undefined) return null;
  const [sNum, sDen] = t.share ?? [1, 1];
  // prize: G = v·1000·p / share; odds: G = v·p·G_cap / (R·share), R in 1/10000
  const scale =
    play.model === 'odds' ? ((capGroup ?? 0) * 10_000) / tierReturnBp(play, t.id) : 1000;
  const g = Math.round((value * scale * t.pNum * sDen) / (t.pDen * sNum));
  return g >= 1000 && g <= FAIR_GROUP ? g : null;
}
