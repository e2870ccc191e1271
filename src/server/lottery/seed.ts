/**
 * The seeded lotteries (codes and names after lottery-rules.md §11), run at every start: rows are
 * inserted when missing and never overwritten, so an operator's changes (enabled, cap, odds) stay.
 * Every family has a self-run fast game; official games wait for the operator's result.
 * Also the default prize group setting and the demo agent's groups, when absent.
 */
import {
  LOTTERY_FAMILIES,
  type LotteryFamily,
  type LotterySchedule,
} from '../../domain/lottery/index.ts';
import type { Sql } from '../db/client.ts';
import { DEFAULT_GROUP_KEY, DEFAULT_PRIZE_GROUP } from '../betting/groups.ts';
import { DEMO_USERS } from '../demoUsers.ts';
import { clearLotteryCache } from './lotteries.ts';

/** The highest prize group per family (§2.2). */
export const FAMILY_PRIZE_GROUP_CAP: Readonly<Record<LotteryFamily, number>> = {
  SSC: 1960,
  K3: 1960,
  PK10: 1960,
  SYX5: 1960,
  KL8: 1960,
  FC3D: 1900,
  PL35: 1900,
  LHC: 1960,
  BJ28: 1960,
};

/** The demo agent holds the cap-level group on every family so it can grant groups downline. */
const DEMO_AGENT_GROUP = 1960;

/** Sale close before the draw (§2.6): 1-minute 10 s, 3/5-minute 30 s, official 120 s. */
const LEAD_1MIN_SEC = 10;
const LEAD_FAST_SEC = 30;
const LEAD_OFFICIAL_SEC = 120;

interface SeedLottery {
  code: string;
  family: LotteryFamily;
  name: string;
  source: 'self' | 'official';
  schedule: LotterySchedule;
  closeLeadSec: number;
}

const self = (
  code: string,
  family: LotteryFamily,
  name: string,
  intervalSec: number,
): SeedLottery => ({
  code,
  family,
  name,
  source: 'self',
  schedule: { kind: 'selfRun', intervalSec },
  closeLeadSec: intervalSec <= 60 ? LEAD_1MIN_SEC : LEAD_FAST_SEC,
});
const official = (
  code: string,
  family: LotteryFamily,
  name: string,
  schedule: LotterySchedule,
): SeedLottery => ({
  code,
  family,
  name,
  source: 'official',
  schedule,
  closeLeadSec: LEAD_OFFICIAL_SEC,
});
const at = (h: number, m: number): number => h * 3600 + m * 60;

export const SEED_LOTTERIES: readonly SeedLottery[] = [
  self('1008', 'SSC', '极速时时彩', 60),
  self('1009', 'SSC', '五分时时彩', 300),
  self('1407', 'K3', '极速快3', 60),
  self('1412', 'K3', '五分快3', 300),
  self('1304', 'PK10', '极速赛车', 60),
  self('1105', 'SYX5', '极速11选5', 60),
  self('1300', 'LHC', '极速六合彩', 60),
  self('1308', 'KL8', '极速快乐8', 60),
  self('1323', 'BJ28', '极速28', 60),
  self('1204', 'FC3D', '极速3D', 60),
  self('1206', 'PL35', '极速排列3', 60),
  official('1301', 'LHC', '香港六合彩', {
    kind: 'weekly',
    weekdays: [2, 4, 6],
    drawSec: at(21, 30),
  }),
  official('1201', 'FC3D', '福彩3D', {
    kind: 'daily',
    drawSec: at(21, 15),
    issueFormat: 'yearCounter',
  }),
  official('1202', 'PL35', '排列3/5', {
    kind: 'daily',
    drawSec: at(20, 30),
    issueFormat: 'yearCounter',
  }),
  official('1302', 'KL8', '快乐8', {
    kind: 'daily',
    drawSec: at(21, 30),
    issueFormat: 'yearCounter',
  }),
  official('1315', 'BJ28', '北京28', {
    kind: 'serial',
    firstDrawSec: at(9, 5),
    intervalSec: 300,
    count: 179,
    baseDate: '20200101',
    baseIssue: 989_000,
  }),
];

export async function seedLotteries(sql: Sql): Promise<void> {
  const list = SEED_LOTTERIES;
  await sql`
    insert into lotteries (code, family, name, source, schedule, close_lead_sec, sort, prize_group_cap)
    select code, family, name, source, schedule::jsonb, close_lead_sec, sort, prize_group_cap
    from unnest(
      ${list.map((l) => l.code)}::text[], ${list.map((l) => l.family)}::text[], ${list.map((l) => l.name)}::text[],
      ${list.map((l) => l.source)}::text[], ${list.map((l) => JSON.stringify(l.schedule))}::text[],
      ${list.map((l) => l.closeLeadSec)}::int[], ${list.map((_, i) => (i + 1) * 10)}::int[],
      ${list.map((l) => FAMILY_PRIZE_GROUP_CAP[l.family])}::int[]
    ) as t(code, family, name, source, schedule, close_lead_sec, sort, prize_group_cap)
    on conflict (code) do nothing`;
  await sql`
    insert into site_settings (key, value) values (${DEFAULT_GROUP_KEY}, ${sql.json({ group: DEFAULT_PRIZE_GROUP })})
    on conflict (key) do nothing`;
  await sql`
    insert into user_prize_groups (user_id, family, prize_group)
    select u.id, f.family, ${DEMO_AGENT_GROUP} from users u, unnest(${[...LOTTERY_FAMILIES]}::text[]) as f(family)
    where u.user_name = ${DEMO_USERS.agent.userName}
    on conflict (user_id, family) do nothing`;
  clearLotteryCache();
}
