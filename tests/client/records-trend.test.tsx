/** The trend chart page: draws from lotteryOpenData, grid and stats from the domain, line through the hits, page size. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { computeTrend, trendViews } from '../../src/domain/lottery';
import { queryClient } from '../../src/client/query';
import TrendChartPage from '../../src/client/features/records/pages/TrendChartPage';
import { callsTo, ok, stubNetwork } from './records-net';

// Newest first, as the API answers.
const OPEN = ['3,1,4,1,5', '9,2,6,5,3', '5,8,9,7,9', '3,2,3,8,4', '6,2,6,4,3'];

beforeEach(() => {
  queryClient.clear();
  window.history.replaceState(null, '', '/trendChart/1008');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TrendChartPage', () => {
  it('draws the grid oldest first with the domain stats, a polyline through the hits, and switches position and size', async () => {
    stubNetwork({
      '/v1/betting/lotteryOpenData': (c) =>
        ok({
          list: OPEN.slice(0, Number(c.query.get('pageSize'))).map((o, i) => ({
            issue: `20261123000${9 - i}`,
            openNumber: o,
            openTime: 0,
            status: 'settled',
          })),
        }),
    });
    const { container } = render(<TrendChartPage />);
    const table = await screen.findByRole('table', { name: '万位走势' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(1 + OPEN.length + 3);
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('0005'); // oldest issue on top
    const expected = computeTrend(
      trendViews('SSC')[0]!,
      [...OPEN].reverse().map((o) => o.split(',').map(Number)),
    )[0]!;
    const stat = (label: string) =>
      within(table).getByRole('rowheader', { name: label }).parentElement!;
    expect(
      within(stat('出现次数'))
        .getAllByRole('cell')
        .map((c) => Number(c.textContent)),
    ).toEqual([...expected.count]);
    expect(
      within(stat('最大遗漏'))
        .getAllByRole('cell')
        .map((c) => Number(c.textContent)),
    ).toEqual([...expected.maxMiss]);
    expect(
      within(stat('当前遗漏'))
        .getAllByRole('cell')
        .map((c) => Number(c.textContent)),
    ).toEqual([...expected.currentMiss]);
    expect(within(rows[1]!).getByLabelText('开出6')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: '3 热号' })).toBeTruthy();
    const points = container.querySelector('polyline')!.getAttribute('points')!.split(' ');
    expect(points).toHaveLength(OPEN.length);
    fireEvent.click(screen.getByRole('tab', { name: '个位' }));
    expect(await screen.findByRole('table', { name: '个位走势' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '近50期' }));
    await waitFor(() =>
      expect(callsTo('/v1/betting/lotteryOpenData').at(-1)!.query.get('pageSize')).toBe('50'),
    );
    expect(callsTo('/v1/betting/lotteryOpenData')[0]!.query.get('lotteryCode')).toBe('1008');
  });

  it('says so for an unknown lottery code', async () => {
    window.history.replaceState(null, '', '/trendChart/9999');
    stubNetwork({ '/v1/betting/lotteryOpenData': () => ok({ list: [] }) });
    render(<TrendChartPage />);
    expect(await screen.findByText('彩种不存在或已停售')).toBeTruthy();
  });
});
