/**
 * Long dragons (长龙, §2.7): the current runs over the last DRAGON_WINDOW drawn issues of each enabled
 * lottery, with the sides a player can bet on at once.
 *
 * Which bet "is" a dragon's side is not written in a table: for each streak key and value, the
 * matcher looks through the family's odds plays for a one-value selection that wins on exactly the
 * sample draws where the key shows that value (and never when the key shows a tie). A key with no
 * such bet (e.g. 排列3's three-digit sum, which the five-digit 两面 总和 does not settle) gets no
 * options, so a dragon is never offered as something it is not.
 */
import crypto from 'node:crypto';
import {
  detectStreaks,
  drawFromRandomBytes,
  formatSelection,
  parseDraw,
  playsOf,
  streakKeys,
  validateSelection,
  type Draw,
  type LotteryFamily,
  type PlayDef,
  type RuleFlags,
  type Selection,
  type LongDragonRow,
} from '../../domain/lottery/index.ts';
import type { Sql } from '../db/client.ts';
import { seedStream } from './draw.ts';
import { upcomingIssues } from './issues.ts';
import type { Lottery } from './lotteries.ts';
import { oddsAt, oddsDecimal } from './playCatalogue.ts';

export const DRAGON_WINDOW = 30;
export const DRAGON_MIN_RUN = 3;
const SAMPLE_DRAWS = 400;

interface Side {
  play: PlayDef;
  selection: Selection;
  label: string;
  tierId: string;
}

/** Deterministic sample draws of a family (the same on every instance). */
function sampleDraws(family: LotteryFamily): Draw[] {
  const next = seedStream(
    crypto.createHash('sha256').update(`dragon-samples:${family}`).digest('hex'),
  );
  return Array.from({ length: SAMPLE_DRAWS }, () => drawFromRandomBytes(family, next));
}

interface Candidate extends Side {
  /** tier won per sample draw, null when not won */
  wins: (string | null)[];
}

function candidates(family: LotteryFamily, draws: readonly Draw[], flags: RuleFlags): Candidate[] {
  const out: Candidate[] = [];
  for (const play of playsOf(family)) {
    if (play.model !== 'odds' || play.input !== 'rows') continue;
    play.rows.forEach((row, r) => {
      if (!row.labels) return; // attribute rows only (大/小, 龙/虎 …), not plain numbers
      row.values.forEach((v, k) => {
        const selection: Selection = { rows: play.rows.map((_, i) => (i === r ? [v] : [])) };
        if (validateSelection(play, selection)) return;
        const wins = draws.map((d) => {
          const w = play.checkWin(selection, d, flags).wins;
          return Object.keys(w).find((t) => (w[t] ?? 0) > 0) ?? null;
        });
        const tierId = wins.find((t) => t !== null);
        if (tierId)
          out.push({ play, selection, label: `${row.nameZh} ${row.labels![k]}`, tierId, wins });
      });
    });
  }
  return out;
}

/** key index → value → the bet that wins exactly on that value. */
type SideMap = Map<number, Map<string, Side>>;
const sideCache = new Map<string, SideMap>();

function sidesOf(family: LotteryFamily, flags: RuleFlags): SideMap {
  const cacheKey = `${family}:${JSON.stringify(flags)}`;
  const hit = sideCache.get(cacheKey);
  if (hit) return hit;
  const draws = sampleDraws(family);
  const all = candidates(family, draws, flags);
  const map: SideMap = new Map();
  streakKeys(family).forEach((key, i) => {
    const attrs = draws.map((d) => key.attr(d, flags));
    const values = new Map<string, Side>();
    for (const value of new Set(attrs.filter((a): a is string => a !== null))) {
      const match = all.find((c) => c.wins.every((w, j) => (w !== null) === (attrs[j] === value)));
      if (match) values.set(value, match);
    }
    map.set(i, values);
  });
  sideCache.set(cacheKey, map);
  return map;
}

export type DragonRow = LongDragonRow;

/** Dragons of one lottery from its recent draws (oldest first); `group` prices the options. */
export function dragonsOf(
  lottery: Lottery,
  draws: readonly (Draw | null)[],
  group: number,
  nowMs: number,
): DragonRow[] {
  const entries = detectStreaks(lottery.family, draws, lottery.ruleFlags, DRAGON_MIN_RUN);
  if (entries.length === 0) return [];
  const sides = sidesOf(lottery.family, lottery.ruleFlags);
  const keys = streakKeys(lottery.family);
  const onSale = upcomingIssues(lottery, nowMs, 1)[0]!;
  const rows: DragonRow[] = [];
  // detectStreaks reports in key order; walk the keys alongside to know each entry's key index
  let from = 0;
  for (const e of entries) {
    const i = keys.findIndex(
      (k, j) =>
        j >= from && k.name === e.name && runValueOf(k, draws, lottery.ruleFlags) === e.desc,
    );
    if (i < 0) continue;
    from = i + 1;
    const values = sides.get(i)!;
    const own = values.get(e.desc);
    if (!own) continue; // nothing to bet on this key
    const options = [own, ...[...values].filter(([v]) => v !== e.desc).map(([, s]) => s)]
      .filter((s) => s.play === own.play)
      .map((s) => ({
        label: s.label,
        bettingNumber: formatSelection(s.play, s.selection),
        odds: oddsDecimal(oddsAt(lottery, s.play, group)[s.tierId]!),
      }));
    rows.push({
      lotteryCode: lottery.code,
      lotteryName: lottery.name,
      lotteryType: lottery.family,
      playCode: `${lottery.code}${own.play.code}`,
      name: e.name,
      desc: e.desc,
      times: e.times,
      currIssue: onSale.issue,
      endTime: onSale.closeAtMs,
      options,
    });
  }
  return rows;
}

function runValueOf(
  key: ReturnType<typeof streakKeys>[number],
  draws: readonly (Draw | null)[],
  flags: RuleFlags,
): string | null {
  for (let j = draws.length - 1; j >= 0; j--) {
    const d = draws[j];
    if (d) return key.attr(d, flags);
  }
  return null;
}

/** The last DRAGON_WINDOW drawn results of each lottery, oldest first (one indexed query per lottery). */
export async function recentDraws(
  sql: Sql,
  lotteries: readonly Lottery[],
): Promise<Map<string, (Draw | null)[]>> {
  const codes = lotteries.map((l) => l.code);
  const rows = await sql<{ lottery_code: string; result: string }[]>`
    select c.code as lottery_code, r.result
    from unnest(${codes}::text[]) as c(code)
    cross join lateral (
      select result, draw_at from lottery_issues
      where lottery_code = c.code and status in ('drawn', 'settled') and result is not null
      order by draw_at desc limit ${DRAGON_WINDOW}
    ) r
    order by c.code, r.draw_at`;
  const byCode = new Map<string, (Draw | null)[]>();
  const family = new Map(lotteries.map((l) => [l.code, l.family]));
  for (const r of rows) {
    const list = byCode.get(r.lottery_code) ?? [];
    list.push(parseDraw(family.get(r.lottery_code)!, r.result));
    byCode.set(r.lottery_code, list);
  }
  return byCode;
}
