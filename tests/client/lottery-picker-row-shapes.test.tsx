/**
 * The picker renders plays added for issue 11 from the catalogue alone (rows, labels, min/max): one per
 * shape — a K3 labelled row (三连号单选), an SSC pool (五星一码不定位), an SSC sum row with a positions row
 * (任选二 组选和值), PK10 place rows (猜前三按位), 11x5 labelled attribute rows (中三 大小单双), an 11x5 pool
 * (猜二不中) — and shows the domain's count and amount for them.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { getPlay, quoteBet, type LotteryFamily } from '../../src/domain/lottery';
import { formatFen } from '../../src/domain/money';
import { currentUser } from '../../src/client/state/session';
import { OverlayHost } from '../../src/client/ui';
import { setClockOffset } from '../../src/client/features/lottery/clock';
import { queryClient } from '../../src/client/query';
import BettingPage from '../../src/client/features/lottery/pages/BettingPage';
import type { LotteryItem } from '../../src/client/features/lottery/api';
import {
  LOTTERIES,
  USER,
  USER_GROUP,
  catalogueOf,
  lotteryHandlers,
  ok,
  stubNetwork,
} from './lottery-fixtures';

const T = 30_000;
const onSale = () => ({ issue: '20261123-0002', closeTime: Date.now() + 60_000 });

const MORE: LotteryItem[] = [
  {
    lotteryCode: '1201',
    lotteryName: '极速赛车',
    family: 'PK10',
    source: 'self',
    intervalSec: 60,
    closeLeadSec: 5,
    enabled: true,
    sort: 4,
  },
  {
    lotteryCode: '1301',
    lotteryName: '极速11选5',
    family: 'SYX5',
    source: 'self',
    intervalSec: 60,
    closeLeadSec: 5,
    enabled: true,
    sort: 5,
  },
];

function renderGame(family: LotteryFamily, code: string) {
  stubNetwork({
    ...lotteryHandlers(onSale),
    '/v1/management/content/lotteryConfig': () => ok({ lotteryList: [...LOTTERIES, ...MORE] }),
    '/v1/lottery/lotteryPlays': (c) => ok(catalogueOf(c.query.get('lotteryCode')!, family)),
  });
  window.history.replaceState(null, '', `/lottery/${family}/${code}`);
  return render(
    <>
      <BettingPage />
      <OverlayHost />
    </>,
  );
}
async function openPlay(group: string, play: string) {
  fireEvent.click(await screen.findByRole('button', { name: group }));
  fireEvent.click(await screen.findByRole('button', { name: play }));
}
const clickAll = (labels: string[]) => {
  for (const l of labels) fireEvent.click(screen.getByLabelText(l));
};
function domainQuote(family: LotteryFamily, code: string, rows: number[][]) {
  const q = quoteBet(
    getPlay(family, code)!,
    { rows },
    { unit: 'yuan', multiple: 1, userGroup: USER_GROUP, rebatePermille: 0 },
  );
  if (!q.ok) throw new Error(q.msg);
  return `共${q.lines}注，${formatFen(q.amountFen)}元`;
}
const quote = () => screen.getByTestId('bet-quote').textContent;

beforeEach(() => {
  currentUser.value = USER;
  setClockOffset(0);
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('picker: issue 11 plays', () => {
  it(
    'K3 三连号单选: one labelled ball per straight',
    async () => {
      renderGame('K3', '1101');
      await openPlay('三连号', '三连号单选');
      clickAll(['三连号 123', '三连号 456']);
      expect(quote()).toBe(domainQuote('K3', 'SLHDX', [[1, 4]]));
    },
    T,
  );

  it(
    'SSC 五星一码不定位 and 任选二 组选和值 with its positions row',
    async () => {
      renderGame('SSC', '1008');
      await openPlay('不定位', '五星一码不定位');
      clickAll(['号码 1', '号码 3', '号码 8']);
      expect(quote()).toBe(domainQuote('SSC', 'WX_BDW1', [[1, 3, 8]]));

      await openPlay('任选二', '组选和值');
      clickAll(['和值 03', '和值 10', '位置 万', '位置 百', '位置 个']);
      expect(quote()).toBe(
        domainQuote('SSC', 'RX2_ZUXHZ', [
          [3, 10],
          [0, 2, 4],
        ]),
      );
    },
    T,
  );

  it(
    'PK10 猜前三按位, 11x5 中三大小单双 and 猜二不中',
    async () => {
      renderGame('PK10', '1201');
      await openPlay('猜前三', '猜前三按位');
      clickAll(['冠军 01', '冠军 02', '亚军 02', '亚军 03', '季军 04']);
      expect(quote()).toBe(domainQuote('PK10', 'QS_AW', [[1, 2], [2, 3], [4]]));
      cleanup();

      renderGame('SYX5', '1301');
      await openPlay('中三', '大小单双');
      clickAll(['第二位 大', '第二位 单', '第三位 小', '第四位 双']);
      expect(quote()).toBe(domainQuote('SYX5', 'Z3_DXDS', [[0, 2], [1], [3]]));

      await openPlay('猜必不中', '猜二不中');
      clickAll(['号码 01', '号码 05', '号码 09']);
      expect(quote()).toBe(domainQuote('SYX5', 'BBZ2', [[1, 5, 9]]));
    },
    T,
  );
});
