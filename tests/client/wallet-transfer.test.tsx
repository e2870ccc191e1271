/**
 * Virtual wallet home and 转入/转出 against a stubbed network: the feature switch, the money rule
 * messages, the all-in button, the requestId stored before sending and repeated on a retry, a server
 * refusal shown on the form, and -110005 (操作失敗 then /accountTotal) through the one dispatcher.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { tenantConfig } from '../../src/client/state/tenant';
import { OverlayHost } from '../../src/client/ui';
import AccountTotalPage from '../../src/client/features/wallet/pages/AccountTotalPage';
import BalanceInPage from '../../src/client/features/wallet/pages/BalanceInPage';
import BalanceOutPage from '../../src/client/features/wallet/pages/BalanceOutPage';
import IntroducePage from '../../src/client/features/wallet/pages/IntroducePage';
import { readPendingAction } from '../../src/client/money/moneyAction';
import { callsTo, ok, refuse, stubNetwork, USER, type Handler } from './records-net';
import { loggedDispatch } from './dispatch-fixtures';

const INFO = {
  enabled: true,
  balance: '120.50',
  balanceFen: 12050,
  walletBalance: '500.00',
  walletBalanceFen: 50000,
  pledgedTotal: '1000.00',
  pledgedTotalFen: 100000,
  annualRate: '3.65',
  yesterdayInterest: '0.12',
  totalInterest: '3.40',
  yesterdayProfit: '1.05',
  totalProfit: '20.00',
  holdingCount: 2,
};

let log: string[] = [];
beforeEach(() => {
  currentUser.value = USER;
  tenantConfig.value = { tenantName: '鸿运彩票', yuebaoEnable: true };
  log = loggedDispatch('/balanceIn');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const amountInput = () =>
  screen.getByLabelText(/金额（元）/, { selector: 'input' }) as HTMLInputElement;
const typeAmount = (v: string) => fireEvent.change(amountInput(), { target: { value: v } });

function transferAnswer(over: Record<string, unknown> = {}): Handler {
  return () =>
    ok({
      balance: '620.50',
      balanceFen: 62050,
      walletBalance: '0.00',
      walletBalanceFen: 0,
      applied: true,
      ...over,
    });
}

describe('AccountTotalPage', () => {
  it('shows the balances, yesterday and total earnings summed in fen, the rate, actions and log links', async () => {
    stubNetwork({ '/v1/virtualWallet/info': () => ok(INFO) });
    render(<AccountTotalPage />);
    expect((await screen.findByTestId('vw-balance')).textContent).toBe('120.50');
    const stats = screen.getByRole('region', { name: '收益概览' });
    expect(within(stats).getByText('1000.00')).toBeTruthy();
    expect(within(stats).getByText('1.17')).toBeTruthy(); // 0.12 + 1.05
    expect(within(stats).getByText('23.40')).toBeTruthy(); // 3.40 + 20.00
    expect(screen.getByText(/年化利率 3.65%/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '转入' }).getAttribute('href')).toBe('/balanceIn');
    expect(screen.getByRole('link', { name: '转出' }).getAttribute('href')).toBe('/balanceOut');
    expect(screen.getByRole('link', { name: '质押' }).getAttribute('href')).toBe('/pledgeShop');
    expect(screen.getByRole('link', { name: /资金明细/ }).getAttribute('href')).toBe(
      '/waterDetail',
    );
    expect(screen.getByRole('link', { name: /我的质押/ }).textContent).toContain('持有 2 笔');
  });

  it('says the feature is closed when yuebaoEnable is off, and asks nothing', async () => {
    tenantConfig.value = { tenantName: '鸿运彩票', yuebaoEnable: false };
    stubNetwork({ '/v1/virtualWallet/info': () => ok(INFO) });
    render(<AccountTotalPage />);
    expect(await screen.findByText('虚拟钱包功能已关闭')).toBeTruthy();
    expect(callsTo('/v1/virtualWallet/info')).toHaveLength(0);
  });

  it('shows the error with a retry that asks again', async () => {
    let n = 0;
    stubNetwork({ '/v1/virtualWallet/info': () => (++n === 1 ? refuse('服务繁忙') : ok(INFO)) });
    render(<AccountTotalPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('服务繁忙');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect((await screen.findByTestId('vw-balance')).textContent).toBe('120.50');
  });
});

describe('BalanceInPage', () => {
  it('checks the money rule before sending: empty, format, zero, over the main balance', async () => {
    stubNetwork({
      '/v1/virtualWallet/info': () => ok(INFO),
      '/v1/virtualWallet/transferIn': transferAnswer(),
    });
    render(<BalanceInPage />);
    await screen.findByTestId('main-balance');
    const submit = screen.getByRole('button', { name: '确认转入' });
    const cases: [string, string][] = [
      ['', '请输入金额'],
      ['1.234', '金额格式不正确，最多两位小数'],
      ['abc', '金额格式不正确，最多两位小数'],
      ['-5', '金额格式不正确，最多两位小数'],
      ['0.00', '金额必须大于0'],
      ['500.01', '余额不足'],
    ];
    for (const [value, msg] of cases) {
      typeAmount(value);
      fireEvent.click(submit);
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(msg));
    }
    expect(callsTo('/v1/virtualWallet/transferIn')).toHaveLength(0);
    expect(screen.getByRole('form', { name: '转入表单' }).hasAttribute('data-money-form')).toBe(
      true,
    );
  });

  it('全部 fills the whole main balance; the requestId is stored before sending; the result shows the new balances', async () => {
    let storedDuringCall: string | undefined;
    stubNetwork({
      '/v1/virtualWallet/info': () => ok(INFO),
      '/v1/virtualWallet/transferIn': async (c) => {
        storedDuringCall = (await readPendingAction(USER.userId, 'in'))?.requestId;
        return transferAnswer()(c);
      },
    });
    render(
      <>
        <BalanceInPage />
        <OverlayHost />
      </>,
    );
    await screen.findByTestId('main-balance');
    fireEvent.click(screen.getByRole('button', { name: '全部' }));
    expect(amountInput().value).toBe('500.00');
    fireEvent.click(screen.getByRole('button', { name: '确认转入' }));
    expect((await screen.findByRole('region', { name: '转入结果' })).textContent).toContain(
      '转入金额 500.00 元',
    );
    const [call] = callsTo('/v1/virtualWallet/transferIn');
    expect(call!.method).toBe('POST');
    expect(call!.body.get('amount')).toBe('500.00');
    expect(call!.body.get('requestId')).toMatch(/^[0-9a-f]{32}$/);
    expect(storedDuringCall).toBe(call!.body.get('requestId'));
    expect(screen.getByTestId('result-vw-balance').textContent).toBe('620.50 元');
    expect(screen.getByTestId('result-main-balance').textContent).toBe('0.00 元');
    // settled: nothing left pending
    expect(await readPendingAction(USER.userId, 'in')).toBeUndefined();
  });

  it('a dropped connection offers a retry that repeats the same requestId', async () => {
    let n = 0;
    stubNetwork({
      '/v1/virtualWallet/info': () => ok(INFO),
      '/v1/virtualWallet/transferIn': (c) => {
        if (++n === 1) throw new TypeError('Failed to fetch');
        return transferAnswer({ applied: false })(c);
      },
    });
    render(
      <>
        <BalanceInPage />
        <OverlayHost />
      </>,
    );
    await screen.findByTestId('main-balance');
    typeAmount('88.8');
    fireEvent.click(screen.getByRole('button', { name: '确认转入' }));
    const dialog = await screen.findByRole('dialog', { name: /操作结果未确认/ });
    fireEvent.click(within(dialog).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('转入成功', { selector: 'p' })).toBeTruthy();
    const sent = callsTo('/v1/virtualWallet/transferIn');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.body.get('amount')).toBe('88.80');
    expect(sent[1]!.body.get('requestId')).toBe(sent[0]!.body.get('requestId'));
  });

  it("shows the server's -1 refusal on the form and keeps it; a new attempt gets a new requestId", async () => {
    stubNetwork({
      '/v1/virtualWallet/info': () => ok(INFO),
      '/v1/virtualWallet/transferIn': () => refuse('余额不足'),
    });
    render(
      <>
        <BalanceInPage />
        <OverlayHost />
      </>,
    );
    await screen.findByTestId('main-balance');
    typeAmount('10');
    fireEvent.click(screen.getByRole('button', { name: '确认转入' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('余额不足'));
    expect(log).toEqual([]); // inline: the dispatcher did not alert as well
    fireEvent.click(screen.getByRole('button', { name: '确认转入' }));
    await waitFor(() => expect(callsTo('/v1/virtualWallet/transferIn')).toHaveLength(2));
    const [a, b] = callsTo('/v1/virtualWallet/transferIn');
    expect(b!.body.get('requestId')).not.toBe(a!.body.get('requestId'));
  });

  it('-110005: 操作失敗 then /accountTotal, through the dispatcher', async () => {
    stubNetwork({
      '/v1/virtualWallet/info': () => ok(INFO),
      '/v1/virtualWallet/transferIn': () => refuse('虚拟钱包状态已变化', -110005),
    });
    render(<BalanceInPage />);
    await screen.findByTestId('main-balance');
    typeAmount('10');
    fireEvent.click(screen.getByRole('button', { name: '确认转入' }));
    await waitFor(() => expect(log).toEqual(['alert 操作失敗', 'navigate /accountTotal']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('-110004 on the first read: 操作失敗 then /index', async () => {
    stubNetwork({ '/v1/virtualWallet/info': () => refuse('虚拟钱包功能未开放', -110004) });
    render(<BalanceInPage />);
    await waitFor(() => expect(log).toEqual(['alert 操作失敗', 'navigate /index']));
  });
});

describe('BalanceOutPage', () => {
  it('全部 takes the whole virtual wallet; over it says 虚拟钱包余额不足', async () => {
    stubNetwork({
      '/v1/virtualWallet/info': () => ok(INFO),
      '/v1/virtualWallet/transferOut': () =>
        ok({
          balance: '0.00',
          balanceFen: 0,
          walletBalance: '620.50',
          walletBalanceFen: 62050,
          applied: true,
        }),
    });
    render(<BalanceOutPage />);
    await screen.findByTestId('vw-balance');
    typeAmount('120.51');
    fireEvent.click(screen.getByRole('button', { name: '确认转出' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('虚拟钱包余额不足'));
    fireEvent.click(screen.getByRole('button', { name: '全部' }));
    expect(amountInput().value).toBe('120.50');
    fireEvent.click(screen.getByRole('button', { name: '确认转出' }));
    expect(await screen.findByText('转出成功', { selector: 'p' })).toBeTruthy();
    expect(callsTo('/v1/virtualWallet/transferOut')[0]!.body.get('amount')).toBe('120.50');
    expect(screen.getByTestId('result-main-balance').textContent).toBe('620.50 元');
  });
});

describe('IntroducePage', () => {
  it('logged out: explains the feature with the default rate, asks nothing, and starts at the login', async () => {
    currentUser.value = null;
    stubNetwork({});
    render(<IntroducePage />);
    expect(await screen.findByText(/默认年化利率/)).toBeTruthy();
    expect(screen.getByRole('region', { name: '规则说明' }).textContent).toContain(
      '日利息 = 余额 × 年化利率 ÷ 365',
    );
    expect(screen.getByRole('link', { name: '立即开始' }).getAttribute('href')).toBe(
      '/login?redirect=%2FaccountTotal',
    );
    expect(callsTo('/v1/virtualWallet/info')).toHaveLength(0);
  });

  it('logged in: shows the current rate and the products, and starts at /accountTotal', async () => {
    stubNetwork({
      '/v1/virtualWallet/info': () => ok(INFO),
      '/v1/virtualWallet/pledgeProducts': () =>
        ok({
          list: [
            {
              productId: 1,
              name: '7天灵活宝',
              termDays: 7,
              annualRate: '5.00',
              minAmount: '100.00',
              maxAmount: '0.00',
              userLimit: '0.00',
              earlyExit: 'principal',
              earlyExitName: '',
              penaltyPercent: '0.00',
              enabled: true,
              sort: 1,
            },
          ],
        }),
    });
    render(<IntroducePage />);
    const table = await screen.findByRole('table', { name: '质押产品' });
    expect(table.textContent).toContain('7天灵活宝7 天5.00%100.00 元');
    expect(screen.getByText(/虚拟钱包当前年化利率/).textContent).toContain('3.65%');
    expect(screen.getByRole('link', { name: '立即开始' }).getAttribute('href')).toBe(
      '/accountTotal',
    );
  });
});
