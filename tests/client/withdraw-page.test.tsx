/**
 * /withdraw against a stubbed network: the guest prompt, balance and turnover (with its drawer), the
 * live fee preview, client-side refusals, the hashed safety password, the confirm, the result, the
 * same requestId on a retry after a dropped connection, and the records with their statuses.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { currentUser, sessionLoaded } from '../../src/client/state/session';
import { OverlayHost } from '../../src/client/ui';
import { safetyPasswordHash } from '../../src/domain/credentials';
import { readPendingAction } from '../../src/client/money/moneyAction';
import WithdrawPage from '../../src/client/features/withdraw/pages/WithdrawPage';
import { callsTo, ok, refuse, stubNetwork, USER, type Handler } from './records-net';

const SETTINGS = {
  enabled: true,
  minAmount: '100.00',
  maxAmount: '50000.00',
  dailyCount: 5,
  freeCount: 1,
  feePercent: '1.00',
  feeMin: '1.00',
  feeMax: '50.00',
  turnoverPercent: 100,
  openStart: '00:00',
  openEnd: '00:00',
  usedToday: 1,
  remainingCount: 4,
  isOpen: true,
};
const NO_TURNOVER = { list: [], totalRequired: '0.00', totalDone: '0.00', totalRemaining: '0.00' };
const ORDER = {
  id: 9,
  orderNo: 'W2026112300000009',
  amount: '250.00',
  fee: '2.50',
  arrival: '247.50',
  status: 'pending',
  statusName: '审核中',
  targetKind: 'bank',
  accountName: '招商银行',
  accountNo: '**** 5678',
  realName: '张**',
  remark: '',
  createdAt: Date.now(),
  decidedAt: null,
};

function handlers(extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    '/v1/users/queryUsersTenantConfigWithdrawSettingFront': () => ok(SETTINGS),
    '/v1/balance/queryBalanceFront': () => ok({ balance: '1000.00', balanceFen: 100_000 }),
    '/v1/transaction/getWithdrawLimitFlowList': () => ok(NO_TURNOVER),
    '/v1/users/getBankCardListFront': () =>
      ok({ list: [{ id: 5, kind: 'bank', bankName: '招商银行', accountNo: '6225 **** 5678' }] }),
    '/v1/users/queryDigitalCurrencyList': () => ok({ list: [] }),
    '/v1/transaction/saveFrontWithdrawRecord': () =>
      ok({ order: ORDER, balance: '750.00', balanceFen: 75_000, applied: true }),
    ...extra,
  };
}

beforeEach(() => {
  currentUser.value = { ...USER, hasSafetyPassword: true };
  sessionLoaded.value = true;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fill(amount: string, password = '123456') {
  fireEvent.change(await screen.findByLabelText('提现金额（元）'), { target: { value: amount } });
  fireEvent.change(screen.getByLabelText('资金密码'), { target: { value: password } });
}

/** The withdraw submit: the first try's connection drops, every later one is refused. */
function dropThenRefuse() {
  let n = 0;
  return () => {
    n++;
    if (n === 1) throw new TypeError('connection reset');
    return refuse('资金密码错误，还可尝试4次');
  };
}

describe('/withdraw', () => {
  it('asks a guest to log in, and fetches nothing', async () => {
    currentUser.value = null;
    stubNetwork({});
    render(<WithdrawPage />);
    expect(screen.getByText('登录后才能提现')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去登录' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fwithdraw',
    );
    expect(callsTo('/v1/transaction/getWithdrawLimitFlowList')).toHaveLength(0);
  });

  it('shows the balance, previews fee and arrival, confirms, sends the hashed password and shows the result', async () => {
    stubNetwork(handlers());
    render(
      <>
        <WithdrawPage />
        <OverlayHost />
      </>,
    );
    expect((await screen.findByTestId('withdraw-balance')).textContent).toBe('¥1000.00');
    expect(screen.getByRole('radio', { name: /招商银行/ })).toBeTruthy();
    await fill('250');
    expect(screen.getByText(/手续费/, { selector: 'p[aria-live]' }).textContent).toBe(
      '手续费 ¥2.50，实际到账 ¥247.50',
    );
    fireEvent.click(screen.getByRole('button', { name: '提交提现' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      '确认提现 ¥250.00 到 招商银行 6225 **** 5678？手续费 ¥2.50，实际到账 ¥247.50',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '确认提现' }));
    expect(await screen.findByText('提现申请已提交', { selector: 'h2' })).toBeTruthy();
    expect(screen.getByTestId('withdraw-balance-after').textContent).toBe('¥750.00');
    const [post] = callsTo('/v1/transaction/saveFrontWithdrawRecord');
    expect(post!.body.get('amount')).toBe('250');
    expect(post!.body.get('cardId')).toBe('5');
    expect(post!.body.get('safetyPassword')).toBe(safetyPasswordHash('player01', '123456'));
    expect(post!.body.get('requestId')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses on the client what the server would refuse, without sending', async () => {
    stubNetwork(handlers());
    render(
      <>
        <WithdrawPage />
        <OverlayHost />
      </>,
    );
    await fill('99');
    fireEvent.click(screen.getByRole('button', { name: '提交提现' }));
    expect((await screen.findByRole('alert')).textContent).toBe('单笔最低提现100.00元');
    await fill('1001');
    fireEvent.click(screen.getByRole('button', { name: '提交提现' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('余额不足'));
    await fill('100', '12345');
    fireEvent.click(screen.getByRole('button', { name: '提交提现' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('资金密码须为6位数字'));
    expect(callsTo('/v1/transaction/saveFrontWithdrawRecord')).toHaveLength(0);
  });

  it('shows the remaining turnover and lists it in the drawer', async () => {
    stubNetwork(
      handlers({
        '/v1/transaction/getWithdrawLimitFlowList': () =>
          ok({
            list: [
              {
                id: 1,
                source: 'recharge',
                sourceName: '充值',
                amount: '100.00',
                required: '100.00',
                done: '40.00',
                remaining: '60.00',
                createdAt: Date.now(),
              },
            ],
            totalRequired: '100.00',
            totalDone: '40.00',
            totalRemaining: '60.00',
          }),
      }),
    );
    render(
      <>
        <WithdrawPage />
        <OverlayHost />
      </>,
    );
    expect(await screen.findByText('¥60.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '流水明细' }));
    const drawer = await screen.findByRole('dialog');
    expect(drawer.textContent).toContain('要求 ¥100.00');
    expect(drawer.textContent).toContain('已完成 ¥40.00');
    expect(drawer.textContent).toContain('剩余 ¥60.00');
    fireEvent.click(within(drawer).getByRole('button', { name: '关闭' }));
    await fill('100');
    fireEvent.click(screen.getByRole('button', { name: '提交提现' }));
    expect((await screen.findByRole('alert')).textContent).toBe('还需完成60.00元流水才能提现');
  });

  it('links to /bankCard when nothing is bound', async () => {
    stubNetwork(handlers({ '/v1/users/getBankCardListFront': () => ok({ list: [] }) }));
    render(<WithdrawPage />);
    expect((await screen.findByRole('link', { name: '去绑定银行卡' })).getAttribute('href')).toBe(
      '/bankCard',
    );
  });

  it('repeats the same requestId after a dropped connection, and shows a refusal', async () => {
    stubNetwork(handlers({ '/v1/transaction/saveFrontWithdrawRecord': dropThenRefuse() }));
    render(
      <>
        <WithdrawPage />
        <OverlayHost />
      </>,
    );
    for (let i = 0; i < 2; i++) {
      await fill('100');
      fireEvent.click(screen.getByRole('button', { name: '提交提现' }));
      fireEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: '确认提现' }),
      );
      await waitFor(() =>
        expect(callsTo('/v1/transaction/saveFrontWithdrawRecord')).toHaveLength(i + 1),
      );
      // the dropped first try offers the one retry dialog; declined, the next submit reuses the stored id
      if (i === 0)
        fireEvent.click(
          within(await screen.findByRole('dialog', { name: /操作结果未确认/ })).getByRole(
            'button',
            { name: '取消' },
          ),
        );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    expect(await screen.findByText('资金密码错误，还可尝试4次')).toBeTruthy();
    const [a, b] = callsTo('/v1/transaction/saveFrontWithdrawRecord');
    expect(a!.body.get('requestId')).toBe(b!.body.get('requestId'));
  });

  it('offers the retry dialog after a dropped connection, and a refusal clears the stored id', async () => {
    stubNetwork(handlers({ '/v1/transaction/saveFrontWithdrawRecord': dropThenRefuse() }));
    render(
      <>
        <WithdrawPage />
        <OverlayHost />
      </>,
    );
    await fill('100');
    fireEvent.click(screen.getByRole('button', { name: '提交提现' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '确认提现' }),
    );
    const retry = await screen.findByRole('dialog', { name: /操作结果未确认/ });
    const [a] = callsTo('/v1/transaction/saveFrontWithdrawRecord');
    expect((await readPendingAction(USER.userId, 'withdraw'))?.requestId).toBe(
      a!.body.get('requestId'),
    );
    expect(JSON.stringify(await readPendingAction(USER.userId, 'withdraw'))).not.toContain(
      '123456',
    );
    fireEvent.click(within(retry).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('资金密码错误，还可尝试4次')).toBeTruthy();
    const [, b] = callsTo('/v1/transaction/saveFrontWithdrawRecord');
    expect(b!.body.get('requestId')).toBe(a!.body.get('requestId'));
    expect(await readPendingAction(USER.userId, 'withdraw')).toBeUndefined();
  });

  it('lists my withdrawals with their statuses', async () => {
    stubNetwork(
      handlers({
        '/v1/transaction/withdrawRecordList': (c) =>
          ok({
            list:
              c.query.get('status') === 'rejected'
                ? [
                    {
                      ...ORDER,
                      id: 3,
                      status: 'rejected',
                      statusName: '已驳回',
                      remark: '信息不符',
                    },
                  ]
                : [
                    ORDER,
                    { ...ORDER, id: 2, status: 'paid', statusName: '已出款' },
                    {
                      ...ORDER,
                      id: 3,
                      status: 'rejected',
                      statusName: '已驳回',
                      remark: '信息不符',
                    },
                  ],
            total: 3,
          }),
      }),
    );
    render(<WithdrawPage />);
    fireEvent.click(screen.getByRole('tab', { name: '提现记录' }));
    const list = await screen.findByRole('list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent?.match(/审核中|已出款|已驳回/)?.[0])).toEqual([
      '审核中',
      '已出款',
      '已驳回',
    ]);
    expect(rows[2]!.textContent).toContain('驳回原因：信息不符');
    fireEvent.click(screen.getByRole('button', { name: '已驳回' }));
    await waitFor(() =>
      expect(callsTo('/v1/transaction/withdrawRecordList').at(-1)!.query.get('status')).toBe(
        'rejected',
      ),
    );
  });
});
