/** The chase panel: issues from findSelfLotteryIssue, multiples of the domain plans, the chase payload. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { doublingPlan } from '../../src/domain/lottery';
import { currentUser } from '../../src/client/state/session';
import { OverlayHost } from '../../src/client/ui';
import { setClockOffset } from '../../src/client/features/lottery/clock';
import { queryClient } from '../../src/client/query';
import BettingPage from '../../src/client/features/lottery/pages/BettingPage';
import { USER, callsTo, lotteryHandlers, ok, stubNetwork } from './lottery-fixtures';

const issues = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    issue: `20261123-${String(i + 2).padStart(4, '0')}`,
    closeTime: Date.now() + (i + 1) * 60_000,
    openTime: Date.now() + (i + 1) * 60_000 + 5000,
  }));

beforeEach(() => {
  currentUser.value = USER;
  setClockOffset(0);
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('chase', () => {
  it('sends a 翻倍 plan over the next issues with stop after win', async () => {
    stubNetwork({
      ...lotteryHandlers(() => ({ issue: '20261123-0002', closeTime: Date.now() + 60_000 })),
      '/v1/lottery/findSelfLotteryIssue': (c) => ok({ list: issues(Number(c.query.get('count'))) }),
      '/v1/betting/addChaseBetting': () => ok({ chaseId: 3, orders: [], balance: '900.00' }),
    });
    window.history.replaceState(null, '', '/lottery/SSC/1008');
    render(
      <>
        <BettingPage />
        <OverlayHost />
      </>,
    );
    await screen.findByLabelText('万位 0');
    for (const [row, n] of [
      ['万位', '1'],
      ['千位', '2'],
      ['百位', '3'],
      ['十位', '4'],
      ['个位', '5'],
      ['个位', '6'],
    ]) {
      fireEvent.click(screen.getByLabelText(`${row} ${n}`));
    }
    fireEvent.click(screen.getByRole('button', { name: '加入号码篮' }));
    fireEvent.click(screen.getByRole('button', { name: '号码篮(1)' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: '号码篮（1）' })).getByRole('button', {
        name: '追号',
      }),
    );
    const panel = await screen.findByRole('dialog', { name: '追号' });
    fireEvent.click(within(panel).getByRole('radio', { name: '翻倍' }));
    fireEvent.change(within(panel).getByLabelText('追号期数'), { target: { value: '5' } });
    fireEvent.change(within(panel).getByLabelText('每隔期数'), { target: { value: '2' } });
    fireEvent.change(within(panel).getByLabelText('倍数×'), { target: { value: '3' } });
    await waitFor(() => expect(within(panel).getByText('20261123-0006')).toBeTruthy());
    fireEvent.click(within(panel).getByRole('button', { name: /确认追号/ }));
    await screen.findByRole('dialog', { name: '投注成功' });

    const [sent] = callsTo('/v1/betting/addChaseBetting');
    expect(sent!.body.get('requestId')).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    const data = JSON.parse(sent!.body.get('chaseBettingData')!);
    const plan = doublingPlan(1, 5, 2, 3);
    expect(data).toEqual({
      isStopAfterWinning: 1,
      startIssue: '20261123-0002',
      lotteryCode: '1008',
      bettingPoint: 0,
      playDetailCode: '1008WX_ZXFS',
      bettingUnit: 1,
      bettingAllAmount: plan.reduce((s, m) => s + m * 4, 0).toFixed(2),
      chaseCount: 5,
      eachInfo: [{ bettingNumber: '1,2,3,4,5 6', bettingCount: 2 }],
      eachOrder: plan.map((m, i) => ({
        bettingIssue: `20261123-${String(i + 2).padStart(4, '0')}`,
        graduationCount: m,
        bettingAmount: (m * 4).toFixed(2),
      })),
    });
  }, 30_000);
});
