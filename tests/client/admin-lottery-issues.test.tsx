/**
 * The operator's issue list against a stubbed network: 纠错 only for official games (with an
 * optional public reason); a self-run row explains why it cannot be corrected and still offers 撤销本期.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SELF_RUN_NOT_CORRECTABLE } from '../../src/domain/lottery/correction';
import { OverlayHost } from '../../src/client/ui';
import { LotteryIssues } from '../../src/client/features/admin/lottery/LotteryIssues';
import type { AdminLottery } from '../../src/client/features/admin/lottery/lotteryApi';
import { callsTo, ok, stubNetwork } from './records-net';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lottery = (over: Partial<AdminLottery>): AdminLottery => ({
  lotteryCode: '1008',
  lotteryName: '极速时时彩',
  family: 'SSC',
  source: 'self',
  closeLeadSec: 10,
  enabled: true,
  sort: 1,
  prizeGroupCap: 1960,
  odds: {},
  maxPayoutPerBet: '1000000.00',
  maxPayoutPerIssue: '1000000.00',
  ownMaxPayoutPerBet: null,
  ownMaxPayoutPerIssue: null,
  defaultMaxPayoutPerBet: '1000000.00',
  defaultMaxPayoutPerIssue: '1000000.00',
  ...over,
});
const issue = (over: Record<string, unknown>) => ({
  issue: '202611230001',
  closeTime: Date.now() - 70_000,
  openTime: Date.now() - 60_000,
  status: 'settled',
  openNumber: '1,2,3,4,5',
  ...over,
});

async function row(issueNo: string): Promise<HTMLElement> {
  return (await screen.findByText(`第 ${issueNo} 期`)).closest('[data-issue]') as HTMLElement;
}

describe('LotteryIssues', () => {
  it('offers no correction on a self-run draw, says why, and still cancels', async () => {
    stubNetwork({
      '/v1/admin/lottery/issues': () => ok({ list: [issue({})], total: 1 }),
      '/v1/admin/lottery/cancelIssue': () => ok({ refunded: 3 }),
    });
    render(
      <>
        <LotteryIssues lottery={lottery({})} />
        <OverlayHost />
      </>,
    );
    const r = await row('202611230001');
    expect(within(r).queryByRole('button', { name: '纠错' })).toBeNull();
    expect(r.textContent).toContain(SELF_RUN_NOT_CORRECTABLE);
    fireEvent.click(within(r).getByRole('button', { name: '撤销本期' }));
    fireEvent.change(within(r).getByLabelText('撤销原因'), { target: { value: '开奖异常' } });
    fireEvent.click(within(r).getByRole('button', { name: '确认撤销' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }),
    );
    await waitFor(() => expect(callsTo('/v1/admin/lottery/cancelIssue')).toHaveLength(1));
    expect(callsTo('/v1/admin/lottery/cancelIssue')[0]!.body.get('remark')).toBe('开奖异常');
    expect(callsTo('/v1/admin/lottery/correctResult')).toHaveLength(0);
  });

  it('corrects an official draw after a confirm, sending the reason', async () => {
    stubNetwork({
      '/v1/admin/lottery/issues': () =>
        ok({ list: [issue({ issue: '2026321', openNumber: '1,2,3' })], total: 1 }),
      '/v1/admin/lottery/correctResult': () => ok({ issue: '2026321', resultVersion: 1 }),
    });
    render(
      <>
        <LotteryIssues
          lottery={lottery({
            lotteryCode: '1201',
            lotteryName: '福彩3D',
            family: 'FC3D',
            source: 'official',
          })}
        />
        <OverlayHost />
      </>,
    );
    await row('2026321');
    // the official list opens on the awaiting issues; the correction is on the recent ones
    fireEvent.click(screen.getByRole('button', { name: '最近期号' }));
    await waitFor(() => expect(callsTo('/v1/admin/lottery/issues')).toHaveLength(2));
    const recent = await row('2026321');
    expect(recent.textContent).not.toContain(SELF_RUN_NOT_CORRECTABLE);
    fireEvent.click(within(recent).getByRole('button', { name: '纠错' }));
    fireEvent.change(within(recent).getByLabelText('正确的开奖号码'), {
      target: { value: '3,2,1' },
    });
    fireEvent.change(within(recent).getByLabelText('更正原因（选填，将公开显示）'), {
      target: { value: '官方更正公告' },
    });
    fireEvent.click(within(recent).getByRole('button', { name: '确认纠错' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('公开');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsTo('/v1/admin/lottery/correctResult')).toHaveLength(1));
    const body = callsTo('/v1/admin/lottery/correctResult')[0]!.body;
    expect([
      body.get('lotteryCode'),
      body.get('issue'),
      body.get('result'),
      body.get('reason'),
    ]).toEqual(['1201', '2026321', '3,2,1', '官方更正公告']);
  });
});
