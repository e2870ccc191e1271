/** /rebateDes: the user's group when logged in, the group behind the public quotes otherwise; rows from domain pricing. */
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { getPlay, prizePerLineFen } from '../../src/domain/lottery';
import { loadFamily } from '../../src/domain/lottery/lazyCatalogue';
import { formatFen } from '../../src/domain/money';
import { currentUser } from '../../src/client/state/session';
import { queryClient } from '../../src/client/query';
import {
  groupFromQuote,
  mainTier,
  rebateRows,
  representativePlays,
} from '../../src/client/features/records/rebateTable';
import RebateDesPage from '../../src/client/features/records/pages/RebateDesPage';
import { callsTo, ok, stubNetwork, USER } from './records-net';

beforeEach(() => {
  queryClient.clear();
  window.history.replaceState(null, '', '/rebateDes');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  currentUser.value = null;
});

describe('rebate rows', () => {
  beforeAll(() => Promise.all([loadFamily('SSC'), loadFamily('LHC')])); // what the page loads before its table
  it('run from 0 to the group maximum in 0.5 % steps at G_user − 2·r‰', () => {
    const plays = representativePlays('SSC');
    expect(plays.map((p) => p.code)).toEqual(['WX_ZXFS', 'Q3_ZXFS', 'Q2_ZXFS']);
    const rows = rebateRows(1960, plays);
    expect(rows.map((r) => r.rebatePoint)).toEqual([
      0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6, 6.5, 7, 7.5, 8,
    ]);
    expect(rows[16]!.betGroup).toBe(1800);
    expect(rows[0]!.quotes[0]).toBe('196000.00');
    expect(rows[16]!.quotes[0]).toBe('180000.00');
  });

  it('quotes odds plays at their class return at the cap group, scaled by the bet group', () => {
    const rows = rebateRows(1960, representativePlays('LHC'), 1960);
    // 特码: class 'number' 98 % → 0.98 × 49 = 48.02 at 1960; × 1800 / 1960 at 8 %
    expect(rows[0]!.quotes[0]).toBe('48.020');
    expect(rows[16]!.quotes[0]).toBe('44.100');
    // an account below the cap gets the cap's odds scaled by its own group
    expect(rebateRows(1950, representativePlays('LHC'), 1960)[0]!.quotes[0]).toBe('47.775');
  });

  it('recovers the group from a published prize or odds, and not from fixed tables', () => {
    const wx = getPlay('SSC', 'WX_ZXFS')!;
    expect(groupFromQuote(wx, mainTier(wx).id, 195000)).toBe(1950);
    const tm = getPlay('LHC', 'TM')!;
    // 47.775 = 0.98 × 49 × 1950 / 1960: odds give the group only with the lottery's cap group
    expect(groupFromQuote(tm, mainTier(tm).id, 47.775, 1960)).toBe(1950);
    expect(groupFromQuote(tm, mainTier(tm).id, 47.775)).toBeNull();
    const rx5 = getPlay('KL8', 'RX5')!;
    expect(groupFromQuote(rx5, mainTier(rx5).id, 1000)).toBeNull();
  });
});

describe('RebateDesPage', () => {
  it('uses getAllBetRebate when logged in', async () => {
    currentUser.value = USER;
    stubNetwork({
      '/v1/betting/getAllBetRebate': () =>
        ok({
          list: [
            { lotteryType: 'SSC', rebate: 8, prizeGroup: 1960 },
            { lotteryType: 'K3', rebate: 7, prizeGroup: 1940 },
          ],
        }),
    });
    render(<RebateDesPage />);
    expect((await screen.findByText(/您的奖金组/)).textContent).toBe(
      '您的奖金组 1960，最高返点 8%',
    );
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 17);
    expect(
      within(table).getByRole('rowheader', { name: '8%' }).parentElement!.textContent,
    ).toContain('180000.00');
  });

  it('derives the default group from the public play rules when logged out', async () => {
    const wx = getPlay('SSC', 'WX_ZXFS')!;
    stubNetwork({
      '/v1/lottery/howToPlay': () =>
        ok({
          lotteryCode: '1008',
          family: 'SSC',
          groups: [
            {
              group: '五星',
              plays: [
                {
                  playDetailCode: '1008WX_ZXFS',
                  name: '直选复式',
                  model: 'prizeGroup',
                  rows: [],
                  entryLength: null,
                  tiers: [
                    {
                      id: mainTier(wx).id,
                      name: '中奖',
                      prize: formatFen(prizePerLineFen(mainTier(wx), 1900)),
                    },
                  ],
                  description: '',
                },
              ],
            },
          ],
        }),
    });
    render(<RebateDesPage />);
    expect((await screen.findByText(/默认奖金组/)).textContent).toBe(
      '默认奖金组 1900，最高返点 5%',
    );
    expect(callsTo('/v1/betting/getAllBetRebate')).toHaveLength(0);
    expect(callsTo('/v1/lottery/howToPlay')[0]!.query.get('lotteryCode')).toBe('1008');
  });

  it('derives the default group of an odds-only family from its odds and the lottery cap group', async () => {
    const tm = getPlay('LHC', 'TM')!;
    stubNetwork({
      '/v1/management/content/lotteryConfig': () =>
        ok({
          lotteryList: [
            {
              lotteryCode: '1300',
              lotteryName: '极速六合彩',
              family: 'LHC',
              source: 'self',
              intervalSec: 60,
              closeLeadSec: 5,
              enabled: true,
              sort: 1,
              prizeGroupCap: 1960,
            },
          ],
        }),
      '/v1/lottery/howToPlay': () =>
        ok({
          lotteryCode: '1300',
          family: 'LHC',
          groups: [
            {
              group: '特码',
              plays: [
                {
                  playDetailCode: '1300TM',
                  name: '特码',
                  model: 'odds',
                  rows: [],
                  entryLength: null,
                  tiers: [{ id: mainTier(tm).id, name: '特码', prize: 47.775 }],
                  description: '',
                },
              ],
            },
          ],
        }),
    });
    render(<RebateDesPage />);
    expect((await screen.findByText(/默认奖金组/)).textContent).toBe(
      '默认奖金组 1950，最高返点 7.5%',
    );
    expect(
      within(screen.getByRole('table')).getByRole('rowheader', { name: '0%' }).parentElement!
        .textContent,
    ).toContain('47.775');
  });
});
