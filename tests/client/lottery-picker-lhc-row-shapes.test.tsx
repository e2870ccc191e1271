/**
 * The picker renders the LHC plays added for issue 11 from the catalogue alone: 合肖复式 (a one-of row
 * for the 合肖 size above a zodiac row: several 合肖 lines on one ticket), 七色波 (labelled colours and
 * 和局) and 三连尾不中 (a tail row), and shows the domain's count and amount at the default 10 元 a line.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { getPlay, quoteBet } from '../../src/domain/lottery';
import { formatFen } from '../../src/domain/money';
import { currentUser } from '../../src/client/state/session';
import { OverlayHost } from '../../src/client/ui';
import { setClockOffset } from '../../src/client/features/lottery/clock';
import { queryClient } from '../../src/client/query';
import BettingPage from '../../src/client/features/lottery/pages/BettingPage';
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

function renderLhc() {
  stubNetwork({
    ...lotteryHandlers(onSale),
    '/v1/management/content/lotteryConfig': () =>
      ok({
        lotteryList: [
          ...LOTTERIES,
          {
            lotteryCode: '1300',
            lotteryName: '极速六合彩',
            family: 'LHC',
            source: 'self',
            intervalSec: 60,
            closeLeadSec: 5,
            enabled: true,
            sort: 9,
          },
        ],
      }),
    '/v1/lottery/lotteryPlays': (c) => ok(catalogueOf(c.query.get('lotteryCode')!, 'LHC')),
  });
  window.history.replaceState(null, '', '/lottery/LHC/1300');
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
  for (const l of labels) fireEvent.click(screen.getByLabelText(l, { exact: true }));
};
function domainQuote(code: string, rows: number[][]) {
  const q = quoteBet(
    getPlay('LHC', code)!,
    { rows },
    { unit: 'yuan', multiple: 1, stakePerLineFen: 1000, userGroup: USER_GROUP, rebatePermille: 0 },
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

describe('picker: LHC plays of issue 11', () => {
  it(
    '合肖复式: the size row takes one choice, the zodiac row makes C(n, k) 合肖 lines',
    async () => {
      renderLhc();
      await openPlay('生肖', '合肖复式');
      clickAll(['合肖 三肖', '生肖 鼠', '生肖 牛']);
      expect(quote()).toBe('三肖合肖至少选择3个生肖');
      clickAll(['生肖 虎', '生肖 兔', '生肖 龙']);
      expect(quote()).toBe(domainQuote('HXFS', [[3], [0, 1, 2, 3, 4]]));
      expect(quote()).toBe('共10注，100.00元');
      clickAll(['合肖 四肖']); // a one-of row: the new size replaces the old
      expect(quote()).toBe(domainQuote('HXFS', [[4], [0, 1, 2, 3, 4]]));
    },
    T,
  );

  it(
    '七色波 with 和局, and 三连尾不中 on tails',
    async () => {
      renderLhc();
      await openPlay('色波', '七色波');
      clickAll(['七色波 红波', '七色波 和局']);
      expect(quote()).toBe(domainQuote('QSB', [[0, 3]]));
      await openPlay('尾数', '三连尾不中');
      clickAll(['尾数 0尾', '尾数 3尾', '尾数 5尾', '尾数 9尾']);
      expect(quote()).toBe(domainQuote('LWBZ3', [[0, 3, 5, 9]]));
      expect(quote()).toBe('共4注，40.00元');
    },
    T,
  );
});
