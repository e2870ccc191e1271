/**
 * The play catalogue of a lottery as howToPlay / lotteryPlays send it: groups in menu order, each
 * play with its rows, tiers and prizes at the caller's prize group (prize-group plays: yuan per
 * 2-yuan line at unit 元; odds plays: decimal odds with the operator's overrides), and a short
 * Chinese description built from the play's own rows and tiers.
 */
import crypto from 'node:crypto';
import { formatFen } from '../../domain/money.ts';
import {
  ODDS_SCALE,
  oddsForReturn,
  playOdds,
  playsOf,
  prizePerLineFen,
  tiersUnder,
  type PlayDef,
  type TierDef,
} from '../../domain/lottery/index.ts';
import { formatOdds } from '../../domain/lottery/formatOdds.ts';
import { ruleFlagsAt, type Lottery } from './lotteries.ts';

export interface PlayTierInfo {
  id: string;
  name: string;
  /** yuan text for prize-group plays, decimal odds for odds plays */
  prize: string | number;
}

export interface PlayInfo {
  playDetailCode: string;
  name: string;
  model: PlayDef['model'];
  rows: {
    name: string;
    values: readonly number[];
    labels: readonly string[] | null;
    min: number;
    max: number;
  }[];
  entryLength: number | null;
  /** 任选单式: the positions row checked under the typed entries (text form `entries|万 千 个`) */
  positionRow: PlayInfo['rows'][number] | null;
  tiers: PlayTierInfo[];
  description: string;
}

/** Odds (1/10000) as a decimal number with at most 4 places. */
export const oddsDecimal = (odds: number): number => odds / ODDS_SCALE;

/** Fair odds (1/10000) of a tier: a full return of the stake on average. */
export const fairOddsOf = (tier: TierDef): number => oddsForReturn(tier, 1000);

/** An operator's odds text → 1/10000; null for '' (back to the default); undefined when malformed. */
export function oddsOverrideFromText(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  const m = /^(\d{1,6})(?:\.(\d{1,4}))?$/.exec(t);
  if (!m) return undefined;
  const value = Number(m[1]) * ODDS_SCALE + Number((m[2] ?? '').padEnd(4, '0'));
  return value > ODDS_SCALE ? value : undefined;
}

/** Odds per tier of an odds play for a bettor of `group` taking no rebate. */
export function oddsAt(lottery: Lottery, play: PlayDef, group: number): Record<string, number> {
  return playOdds(
    play,
    group,
    lottery.odds[play.code],
    lottery.prizeGroupCap,
    ruleFlagsAt(lottery, Date.now()),
  );
}

function describe(play: PlayDef, tiers: PlayTierInfo[]): string {
  const how =
    play.input === 'entries'
      ? `手动输入号码，每注${play.entryLength ?? 0}个号码，多注以逗号分隔`
      : play.rows
          .map((r) =>
            r.min === r.max ? `${r.nameZh}选${r.min}个` : `${r.nameZh}选${r.min}至${r.max}个`,
          )
          .join('；');
  const pay =
    play.model === 'odds'
      ? `按赔率派彩（含本金）：${tiers.map((t) => `${t.name} ${formatOdds(Number(t.prize))}`).join('，')}`
      : `每注2元，奖金（元模式）：${tiers.map((t) => `${t.name} ${t.prize}元`).join('，')}`;
  // A play's own rule text (helpZh) says how it wins where the rows alone do not.
  const rule = play.helpZh ? `${play.helpZh.replace(/。$/, '')}。` : '';
  return `${play.group}·${play.nameZh}：${how}。${rule}${pay}。`;
}

export function playInfo(lottery: Lottery, play: PlayDef, group: number): PlayInfo {
  const odds = play.model === 'odds' ? oddsAt(lottery, play, group) : null;
  const tiers = tiersUnder(play, ruleFlagsAt(lottery, Date.now())).map((t) => ({
    id: t.id,
    name: t.nameZh,
    prize: odds ? oddsDecimal(odds[t.id]!) : formatFen(prizePerLineFen(t, group)),
  }));
  return {
    playDetailCode: `${lottery.code}${play.code}`,
    name: play.nameZh,
    model: play.model,
    rows: play.rows.map((r) => ({
      name: r.nameZh,
      values: r.values,
      labels: r.labels ?? null,
      min: r.min,
      max: r.max,
    })),
    entryLength: play.entryLength ?? null,
    positionRow: play.positionRow
      ? {
          name: play.positionRow.nameZh,
          values: play.positionRow.values,
          labels: play.positionRow.labels ?? null,
          min: play.positionRow.min,
          max: play.positionRow.max,
        }
      : null,
    tiers,
    description: describe(play, tiers),
  };
}

/** The lottery's payout caps (单注/单期最高派奖) as the betting page shows them, yuan text. */
export function payoutCapsInfo(lottery: Lottery) {
  return {
    maxPayoutPerBet: formatFen(lottery.payoutCaps.perBetFen),
    maxPayoutPerIssue: formatFen(lottery.payoutCaps.perIssueFen),
  };
}

/** The whole catalogue of a lottery at a prize group, with its payout caps (a changed cap is a new version). */
export function playCatalogue(lottery: Lottery, group: number) {
  const groups: { group: string; plays: PlayInfo[] }[] = [];
  for (const play of playsOf(lottery.family)) {
    let g = groups.find((x) => x.group === play.group);
    if (!g) {
      g = { group: play.group, plays: [] };
      groups.push(g);
    }
    g.plays.push(playInfo(lottery, play, group));
  }
  return {
    lotteryCode: lottery.code,
    family: lottery.family,
    payoutCaps: payoutCapsInfo(lottery),
    groups,
  };
}

/**
 * The version of a catalogue as one caller sees it: a hash of the catalogue itself, so anything
 * that changes what the menu shows (plays, rows, odds settings, the caller's prize group, a rule
 * flag) gives a new version and nothing else does. The client keeps the catalogue by this version.
 */
export function catalogueVersion(catalogue: ReturnType<typeof playCatalogue>): string {
  return crypto.createHash('sha256').update(JSON.stringify(catalogue)).digest('hex').slice(0, 20);
}
