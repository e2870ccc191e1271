/**
 * A pending recharge order is watched (orderWatch.ts): asked again every PENDING_POLL_MS and when the
 * player comes back to the tab, so the operator's decision and the new balance show without a reload;
 * nothing is asked once no order is pending.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { PENDING_POLL_MS } from '../../src/client/features/payments/orderWatch';
import { callsTo, ok, stubNetwork, USER } from './records-net';
import { open, order, rechargeHandlers, T } from './payments-fixtures';
import { passTime, useFakeClock } from './clock-fixtures';

beforeEach(() => {
  // the watch polls on a timer: the clock is moved over PENDING_POLL_MS, not waited for
  useFakeClock();
  currentUser.value = USER;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a pending order after the operator decides', () => {
  function deciding(after: 'approved' | 'rejected') {
    let decided = false;
    let balance = '0.00';
    const list = () => [
      order({
        id: 7,
        orderNo: 'R7',
        amount: '88.00',
        ...(decided
          ? { status: after, statusName: after === 'approved' ? '已到账' : '已驳回' }
          : {}),
      }),
    ];
    stubNetwork(
      rechargeHandlers({
        '/v1/transaction/rechargeRecordList': () => ok({ list: list(), total: 1 }),
        '/v1/balance/queryBalanceFront': () =>
          ok({ balance, balanceFen: Math.round(Number(balance) * 100) }),
      }),
    );
    return () => {
      decided = true;
      if (after === 'approved') balance = '88.00';
    };
  }

  it(
    'shows 已到账 and the new balance by itself, without a reload',
    async () => {
      const approve = deciding('approved');
      open('/recharge/wechat');
      const list = await screen.findByRole('list', { name: '充值记录' });
      expect(list.textContent).toContain('待审核');
      await waitFor(() => expect(screen.getByLabelText('账户余额').textContent).toBe('¥0.00'));
      approve();
      await passTime(PENDING_POLL_MS);
      await waitFor(() =>
        expect(screen.getByRole('list', { name: '充值记录' }).textContent).toContain('已到账'),
      );
      await waitFor(() => expect(screen.getByLabelText('账户余额').textContent).toBe('¥88.00'));
    },
    T,
  );

  it(
    'asks again at once when the player comes back to the tab',
    async () => {
      const reject = deciding('rejected');
      open('/recharge/wechat');
      await screen.findByRole('list', { name: '充值记录' });
      const before = callsTo('/v1/transaction/rechargeRecordList').length;
      reject();
      act(() => {
        window.dispatchEvent(new Event('focus'));
      });
      // at once: well before the next poll would ask
      await waitFor(
        () =>
          expect(screen.getByRole('list', { name: '充值记录' }).textContent).toContain('已驳回'),
        { timeout: 1000 },
      );
      expect(callsTo('/v1/transaction/rechargeRecordList').length).toBe(before + 1);
    },
    T,
  );

  it(
    'stops asking once nothing is pending',
    async () => {
      stubNetwork(
        rechargeHandlers({}, [order({ id: 8, status: 'approved', statusName: '已到账' })]),
      );
      open('/recharge/wechat');
      await screen.findByRole('list', { name: '充值记录' });
      const n = callsTo('/v1/transaction/rechargeRecordList').length;
      act(() => {
        window.dispatchEvent(new Event('focus'));
      });
      await passTime(PENDING_POLL_MS);
      expect(callsTo('/v1/transaction/rechargeRecordList').length).toBe(n);
    },
    T,
  );
});
