/**
 * The payout caps before betting: the slip and the confirmation show 单注/单期最高派奖 from the catalogue,
 * and a ticket whose top prize is above the per-bet cap carries a warning; one below it does not.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { OverlayHost } from '../../src/client/ui';
import { setClockOffset } from '../../src/client/features/lottery/clock';
import { queryClient } from '../../src/client/query';
import BettingPage from '../../src/client/features/lottery/pages/BettingPage';
import { USER, catalogueOf, lotteryHandlers, ok, stubNetwork } from './lottery-fixtures';

const T = 30_000;
const onSale = () => ({ issue: '20261123-0002', closeTime: Date.now() + 60_000 });
const CAPS = { maxPayoutPerBet: '100000.00', maxPayoutPerIssue: '500000.00' };

beforeEach(() => {
  currentUser.value = USER;
  setClockOffset(0);
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function pickOneLine() {
  await screen.findByLabelText('万位 0');
  for (const row of ['万位', '千位', '百位', '十位', '个位'])
    fireEvent.click(screen.getByLabelText(`${row} 1`));
}

describe('payout caps on the bet slip', () => {
  it(
    'shows the caps, and warns before confirming a ticket whose top prize is above the per-bet cap',
    async () => {
      stubNetwork({
        ...lotteryHandlers(onSale),
        '/v1/lottery/lotteryPlays': (c) =>
          ok({
            ...catalogueOf(c.query.get('lotteryCode')!, 'SSC'),
            payoutCaps: CAPS,
            version: 'v1',
          }),
      });
      window.history.replaceState(null, '', '/lottery/SSC/1008');
      render(
        <>
          <BettingPage />
          <OverlayHost />
        </>,
      );
      // 五星直选 one line at 元 ×1: 195,000 yuan at group 1950, above the 10万元 cap
      await pickOneLine();
      fireEvent.click(screen.getByRole('button', { name: '立即投注' }));
      const confirm = await screen.findByRole('dialog', { name: '确认投注' });
      const note = within(confirm).getByTestId('cap-note');
      expect(note.textContent).toContain('单注最高派奖 10万元 · 单期最高派奖 50万元');
      expect(within(note).getByRole('note').textContent).toContain(
        '最高可中195000.00元，超过单注最高派奖10万元，中奖时按10万元派奖',
      );
      fireEvent.click(within(confirm).getByRole('button', { name: '取消' }));

      // the ticket waits in the slip, with the same warning
      fireEvent.click(screen.getByRole('button', { name: '号码篮(1)' }));
      let slip = await screen.findByRole('dialog', { name: '号码篮（1）' });
      expect(within(slip).getAllByRole('note')).toHaveLength(1);
      fireEvent.click(within(slip).getByRole('button', { name: '清空' }));
      expect(within(slip).queryByTestId('cap-note')).toBeNull();
      fireEvent.click(within(slip).getByRole('button', { name: '关闭' }));

      // at unit 角 the same line tops at 19,500 yuan: the caps show, no warning
      fireEvent.click(screen.getByRole('radio', { name: '角' }));
      await pickOneLine();
      fireEvent.click(screen.getByRole('button', { name: '加入号码篮' }));
      fireEvent.click(screen.getByRole('button', { name: '号码篮(1)' }));
      slip = await screen.findByRole('dialog', { name: '号码篮（1）' });
      expect(within(slip).getByTestId('cap-note').textContent).toContain('单注最高派奖 10万元');
      expect(within(slip).queryByRole('note')).toBeNull();
    },
    T,
  );

  it(
    'the chase plan warns when its highest multiple takes a ticket above the per-bet cap',
    async () => {
      const issues = Array.from({ length: 10 }, (_, i) => ({
        issue: `20261123-${String(i + 2).padStart(4, '0')}`,
        closeTime: Date.now() + (i + 1) * 60_000,
        openTime: Date.now() + (i + 1) * 60_000 + 5000,
      }));
      stubNetwork({
        ...lotteryHandlers(onSale),
        '/v1/lottery/lotteryPlays': (c) =>
          ok({
            ...catalogueOf(c.query.get('lotteryCode')!, 'SSC'),
            payoutCaps: { maxPayoutPerBet: '1000000.00', maxPayoutPerIssue: '1000000.00' },
            version: 'v1',
          }),
        '/v1/lottery/findSelfLotteryIssue': (c) =>
          ok({ list: issues.slice(0, Number(c.query.get('count'))) }),
      });
      window.history.replaceState(null, '', '/lottery/SSC/1008');
      render(
        <>
          <BettingPage />
          <OverlayHost />
        </>,
      );
      await pickOneLine();
      fireEvent.click(screen.getByRole('button', { name: '加入号码篮' }));
      fireEvent.click(screen.getByRole('button', { name: '号码篮(1)' }));
      fireEvent.click(
        within(await screen.findByRole('dialog', { name: '号码篮（1）' })).getByRole('button', {
          name: '追号',
        }),
      );
      const panel = await screen.findByRole('dialog', { name: '追号' });
      // ×1: 195,000 yuan at most, under 100万元
      await within(panel).findByText('20261123-0002');
      expect(within(panel).getByTestId('cap-note').textContent).toContain('单注最高派奖 100万元');
      expect(within(panel).queryByRole('note')).toBeNull();
      // ×10 from the start: 1,950,000 yuan, above it
      fireEvent.change(within(panel).getByLabelText('起始倍数'), { target: { value: '10' } });
      expect((await within(panel).findByRole('note')).textContent).toContain(
        '最高可中1950000.00元，超过单注最高派奖100万元',
      );
    },
    T,
  );
});
