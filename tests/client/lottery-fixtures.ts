/**
 * Fakes for the lottery screens at the fetch level (the network of net-fixtures.ts): a catalogue built
 * from the domain the way the contract describes lotteryPlays, and the lotteries of the hall.
 */
import { configure } from '@testing-library/react';
import { playsOf, prizePerLineFen, type LotteryFamily } from '../../src/domain/lottery';
import { formatFen } from '../../src/domain/money';
import type { LotteryItem, PlayCatalogue } from '../../src/client/features/lottery/api';
import { ok, type Handler } from './net-fixtures';

export {
  type Call,
  type Envelope,
  type Handler,
  calls,
  callsTo,
  drop,
  ok,
  refuse,
  stubNetwork,
  USER,
} from './net-fixtures';

// Pages with hundreds of buttons: role queries take a while in jsdom.
// defaultHidden skips the per-element visibility check, the slow part of role queries.
configure({ asyncUtilTimeout: 10_000, defaultHidden: true });

export const LOTTERIES: LotteryItem[] = [
  {
    lotteryCode: '1008',
    lotteryName: '鸿运分分彩',
    family: 'SSC',
    source: 'self',
    intervalSec: 60,
    closeLeadSec: 5,
    enabled: true,
    sort: 1,
  },
  {
    lotteryCode: '1101',
    lotteryName: '鸿运快三',
    family: 'K3',
    source: 'self',
    intervalSec: 60,
    closeLeadSec: 5,
    enabled: true,
    sort: 2,
  },
  {
    lotteryCode: '1102',
    lotteryName: '极速快三',
    family: 'K3',
    source: 'self',
    intervalSec: 60,
    closeLeadSec: 5,
    enabled: true,
    sort: 3,
  },
];

export const USER_GROUP = 1950;

export function catalogueOf(
  lotteryCode: string,
  family: LotteryFamily,
  group = USER_GROUP,
): PlayCatalogue {
  const groups: PlayCatalogue['groups'] = [];
  for (const p of playsOf(family)) {
    let g = groups.find((x) => x.group === p.group);
    if (!g) {
      g = { group: p.group, plays: [] };
      groups.push(g);
    }
    g.plays.push({
      playDetailCode: lotteryCode + p.code,
      name: p.nameZh,
      model: p.model,
      rows: p.rows.map((r) => ({
        name: r.nameZh,
        values: [...r.values],
        labels: r.labels ? [...r.labels] : null,
        min: r.min,
        max: r.max,
      })),
      entryLength: p.entryLength ?? null,
      tiers: p.tiers.map((t) => ({
        id: t.id,
        name: t.nameZh,
        prize: formatFen(prizePerLineFen(t, group)),
      })),
      description: `${p.nameZh}的玩法说明`,
    });
  }
  return { lotteryCode, family, groups };
}

/** The public calls every lottery screen makes, answered for lottery 1008 with issue `issue()` on sale. */
export function lotteryHandlers(
  issue: () => { issue: string | null; closeTime: number },
): Record<string, Handler> {
  return {
    '/v1/management/content/lotteryConfig': () => ok({ lotteryList: LOTTERIES }),
    '/v1/lottery/lotteryPlays': (c) => ok(catalogueOf(c.query.get('lotteryCode')!, 'SSC')),
    '/v1/betting/getBetRebate': () => ok({ rebate: 7.5, prizeGroup: USER_GROUP }),
    '/v1/balance/queryBalanceFront': () => ok({ balance: '1000.00', balanceFen: 100000 }),
    '/v1/betting/nextIssueOpenData': (c) => {
      const i = issue();
      return ok({
        lotteryCode: c.query.get('lotteryCode'),
        issue: i.issue,
        saleOpenTime: i.closeTime - 55_000,
        closeTime: i.closeTime,
        openTime: i.closeTime + 5000,
        seedHash: 'ab',
        serverTime: Date.now(),
        lastIssue: '20261123-0001',
        lastOpenNumber: '1,2,3,4,5',
        lastStatus: 'drawn',
      });
    },
    '/v1/betting/lotteryOpenData': () =>
      ok({
        list: [
          {
            issue: '20261123-0001',
            openNumber: '1,2,3,4,5',
            openTime: Date.now() - 1000,
            status: 'drawn',
          },
        ],
      }),
  };
}
