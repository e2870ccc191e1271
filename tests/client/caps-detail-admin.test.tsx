/**
 * Payout caps after and around betting: a cut prize says so on the bet detail; the operator edits a
 * lottery's caps (checked in Chinese before sending, '' back to the default).
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { OverlayHost } from '../../src/client/ui';
import { queryClient } from '../../src/client/query';
import BetDetailPage from '../../src/client/features/records/pages/BetDetailPage';
import { LotteryCaps } from '../../src/client/features/admin/lottery/LotteryCaps';
import type { AdminLottery } from '../../src/client/features/admin/lottery/lotteryApi';
import HowToPlayPage from '../../src/client/features/lottery/pages/HowToPlayPage';
import { callsTo, ok, stubNetwork, USER } from './records-net';
import { catalogueOf } from './lottery-fixtures';

beforeEach(() => {
  currentUser.value = USER;
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LOTTERY: AdminLottery = {
  lotteryCode: '1308',
  lotteryName: '极速快乐8',
  family: 'KL8',
  source: 'self',
  closeLeadSec: 10,
  enabled: true,
  sort: 1,
  prizeGroupCap: 1960,
  odds: {},
  maxPayoutPerBet: '5000000.00',
  maxPayoutPerIssue: '5000000.00',
  ownMaxPayoutPerBet: null,
  ownMaxPayoutPerIssue: null,
  defaultMaxPayoutPerBet: '5000000.00',
  defaultMaxPayoutPerIssue: '5000000.00',
};

describe('bet detail', () => {
  it('says a prize was paid at the per-bet cap, with the prize before the cut', async () => {
    stubNetwork({
      '/v1/betting/getBetDetail': () =>
        ok({
          id: 5,
          orderNo: 'B5',
          lotteryCode: '1308',
          lotteryName: '极速快乐8',
          issue: '202611230100',
          playDetailCode: '1308RX10',
          playName: '选十',
          bettingNumber: '01 02 03 04 05 06 07 08 09 10',
          bettingCount: 1,
          bettingAmount: '2.00',
          bettingPoint: 0,
          bettingUnit: 1,
          graduationCount: 1,
          status: 'WON',
          statusText: '已中奖',
          returnAmount: 5_000_000,
          openNumber: '01,02',
          createdAt: Date.now(),
          chaseId: null,
          winDetail: { wins: { h10: 1 }, refunds: 0 },
          seedHash: 'x',
          rebate: '0.00',
          tiers: [],
          capNote: '已按单注最高派奖限额派奖',
          uncappedPrize: '8474480.24',
        }),
    });
    window.history.replaceState(null, '', '/betDetail?id=5');
    render(
      <>
        <BetDetailPage />
        <OverlayHost />
      </>,
    );
    expect(
      await screen.findByText('已按单注最高派奖限额派奖（原奖金 8474480.24 元）'),
    ).toBeTruthy();
  });
});

describe('how to play', () => {
  it('states the lottery’s payout caps above the plays', async () => {
    stubNetwork({
      '/v1/lottery/howToPlay': () =>
        ok({
          ...catalogueOf('1008', 'SSC'),
          payoutCaps: { maxPayoutPerBet: '1000000.00', maxPayoutPerIssue: '2500000.50' },
        }),
    });
    window.history.replaceState(null, '', '/howtoplay/1008');
    render(
      <>
        <HowToPlayPage />
        <OverlayHost />
      </>,
    );
    expect(
      await screen.findByText('单注最高派奖 100万元 · 单期最高派奖 2500000.50元（每期合计）'),
    ).toBeTruthy();
  });
});

describe('operator caps', () => {
  it('refuses a per-issue cap below the per-bet cap before sending, then saves whole yuan', async () => {
    stubNetwork({
      '/v1/admin/lottery/update': (c) =>
        ok({
          ...LOTTERY,
          maxPayoutPerBet: `${c.body.get('maxPayoutPerBet')}.00`,
          ownMaxPayoutPerBet: `${c.body.get('maxPayoutPerBet')}.00`,
        }),
    });
    const saved = vi.fn();
    render(
      <>
        <LotteryCaps lottery={LOTTERY} onSaved={saved} />
        <OverlayHost />
      </>,
    );
    expect(screen.getByText(/当前：单注最高派奖 500万元 · 单期最高派奖 500万元/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('单注最高派奖（元）'), { target: { value: '6000000' } });
    fireEvent.click(screen.getByRole('button', { name: '保存限额' }));
    expect(await screen.findByText('单期最高派奖不能低于单注最高派奖')).toBeTruthy();
    expect(callsTo('/v1/admin/lottery/update')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('单注最高派奖（元）'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存限额' }));
    expect(await screen.findByText('单注最高派奖须为正整数（元）')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('单注最高派奖（元）'), { target: { value: '2000000' } });
    fireEvent.click(screen.getByRole('button', { name: '保存限额' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    const body = callsTo('/v1/admin/lottery/update')[0]!.body;
    expect([
      body.get('lotteryCode'),
      body.get('maxPayoutPerBet'),
      body.get('maxPayoutPerIssue'),
    ]).toEqual(['1308', '2000000', '']);
  });
});
