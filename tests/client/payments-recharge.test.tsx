/**
 * The recharge screen against a stubbed network: channel strip in PaySort order and switching, the
 * receiving account, amount checks with the domain words, the confirm step, the order with its number,
 * the requestId stored before sending and repeated after a dropped connection, and my recent orders.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { channelByCode, channelUrl, type ChannelCode } from '../../src/domain/payments';
import type { ReceivingConfig, RechargeOrder } from '../../src/client/features/payments/api';
import { currentUser } from '../../src/client/state/session';
import { OverlayHost } from '../../src/client/ui';
import { readPendingAction } from '../../src/client/money/moneyAction';
import { firstRechargePath, goRecharge } from '../../src/client/features/payments/firstChannel';
import { PENDING_POLL_MS } from '../../src/client/features/payments/orderWatch';
import { navigate } from 'wouter/use-browser-location';
import RechargePage from '../../src/client/features/payments/pages/RechargePage';
import { guard, skipsLoading } from '../../src/client/guard';
import { findRoute, routes } from '../../src/client/routes';
import { callsTo, ok, refuse, stubNetwork, USER, type Handler } from './records-net';

function sortItem(code: ChannelCode) {
  const c = channelByCode(code)!;
  return { code, name: c.name, url: channelUrl(code), typeCode: c.typeCode, online: c.online };
}

function config(over: Partial<ReceivingConfig> = {}): ReceivingConfig {
  return {
    configId: 1,
    name: '工商银行',
    bankName: '中国工商银行',
    accountName: '张三',
    accountNo: '6222021234567890123',
    qrImage: '',
    address: '',
    currency: '',
    rate: '',
    min: '100.00',
    max: '50000.00',
    minFen: 10_000,
    maxFen: 5_000_000,
    fixedAmounts: [],
    instructions: '转账时请务必填写正确金额',
    gateway: false,
    ...over,
  };
}

const WECHAT = config({
  configId: 4,
  name: '微信转账',
  bankName: '',
  accountNo: 'wxid_demo001',
  min: '10.00',
  max: '5000.00',
  minFen: 1000,
  maxFen: 500_000,
  fixedAmounts: ['100.00', '200.00', '500.00'],
  qrImage: '/uploads/qr.png',
});
const USDT = config({
  configId: 10,
  name: 'USDT-TRC20',
  bankName: '',
  accountName: '',
  accountNo: '',
  currency: 'USDT-TRC20',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  rate: '7.2',
  min: '100.00',
  max: '1000000.00',
  minFen: 10_000,
  maxFen: 100_000_000,
});
const DOUYIN = config({
  configId: 12,
  name: '抖音支付在线',
  bankName: '',
  accountName: '',
  accountNo: '',
  min: '10.00',
  max: '5000.00',
  minFen: 1000,
  maxFen: 500_000,
  gateway: true,
});

function order(over: Partial<RechargeOrder> = {}): RechargeOrder {
  return {
    id: 1,
    orderNo: 'R202611230001',
    channel: 'banktransfer',
    channelName: '银行转账',
    typeCode: 101,
    configId: 1,
    configName: '工商银行',
    amount: '300.00',
    amountFen: 30_000,
    coinAmount: '',
    coinRate: '',
    currency: '',
    payerName: '',
    status: 'pending',
    statusName: '待审核',
    payUrl: '',
    remark: '',
    createdAt: Date.now(),
    reviewedAt: null,
    ...over,
  };
}

function channelHandler(
  code: ChannelCode,
  list: ReceivingConfig[],
  enabled = true,
): Record<string, Handler> {
  const c = channelByCode(code)!;
  return {
    [`/v1/transaction/${c.frontCall}`]: () =>
      ok({
        channel: code,
        name: c.name,
        typeCode: c.typeCode,
        online: c.online,
        enabled,
        list: enabled ? list : [],
      }),
  };
}

/** A site with wechat first in PaySort, then bank transfer, digital currency and douyin. */
function rechargeHandlers(
  extra: Record<string, Handler> = {},
  orders: RechargeOrder[] = [],
): Record<string, Handler> {
  return {
    '/v1/transaction/frontPaySort': () =>
      ok({
        list: (['wechat', 'banktransfer', 'digitalcurrencypay', 'douyin'] as const).map(sortItem),
      }),
    '/v1/transaction/frontPaymentSettings': () =>
      ok({ notice: '充值成功后请耐心等待审核', payerNameRequired: false, maxPending: 5 }),
    '/v1/transaction/rechargeRecordList': () => ok({ list: orders, total: orders.length }),
    ...channelHandler('wechat', [WECHAT]),
    ...channelHandler('banktransfer', [config()]),
    ...channelHandler('digitalcurrencypay', [USDT]),
    ...channelHandler('douyin', [DOUYIN]),
    ...extra,
  };
}

const T = 20_000;
const SUBMIT = '/v1/transaction/rechargeFrontPaymentRecord';

function open(path: string) {
  window.history.replaceState(null, '', path);
  return render(
    <>
      <RechargePage />
      <OverlayHost />
    </>,
  );
}

beforeEach(() => {
  currentUser.value = USER;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RechargePage', () => {
  it(
    'shows the channels in PaySort order, the receiving account, the limits and my recent orders',
    async () => {
      stubNetwork(
        rechargeHandlers({}, [
          order({
            id: 3,
            orderNo: 'R3',
            status: 'rejected',
            statusName: '已驳回',
            remark: '未收到款项',
          }),
          order({ id: 2, orderNo: 'R2', status: 'approved', statusName: '已到账' }),
          order({ id: 1, orderNo: 'R1' }),
        ]),
      );
      open('/recharge/banktransfer');
      const strip = await screen.findByRole('navigation', { name: '充值渠道' });
      const links = within(strip).getAllByRole('link');
      expect(links.map((a) => a.textContent)).toEqual([
        '微信支付',
        '银行转账',
        '数字货币',
        '抖音支付',
      ]);
      expect(links[1]!.getAttribute('aria-current')).toBe('page');
      expect(links[0]!.getAttribute('href')).toBe('/recharge/wechat');
      const account = await screen.findByRole('region', { name: '收款信息' });
      expect(account.textContent).toContain('6222021234567890123');
      expect(within(account).getByRole('button', { name: '复制收款账号' })).toBeTruthy();
      expect(screen.getByText('单笔限额：100.00 - 50000.00 元')).toBeTruthy();
      expect(screen.getByText('充值成功后请耐心等待审核')).toBeTruthy();
      const list = await screen.findByRole('list', { name: '充值记录' });
      const items = within(list).getAllByRole('listitem');
      expect(
        items.map((li) =>
          li.textContent?.includes('已驳回')
            ? 'rejected'
            : li.textContent?.includes('已到账')
              ? 'approved'
              : 'pending',
        ),
      ).toEqual(['rejected', 'approved', 'pending']);
      expect(items[0]!.textContent).toContain('驳回原因：未收到款项');
      // the PaySort list also tells every 充值 link where to go
      expect(firstRechargePath.value).toBe('/recharge/wechat');
    },
    T,
  );

  it(
    'checks the amount with the money rule and the limits before sending anything',
    async () => {
      stubNetwork(rechargeHandlers());
      open('/recharge/banktransfer');
      const amount = await screen.findByLabelText('充值金额（元）');
      const next = screen.getByRole('button', { name: '下一步' });
      const expectError = async (value: string, msg: string) => {
        fireEvent.change(amount, { target: { value } });
        fireEvent.click(next);
        expect((await screen.findByRole('alert')).textContent).toBe(msg);
      };
      await expectError('', '充值金额不能为空');
      await expectError('12.345', '充值金额格式不正确，最多两位小数');
      await expectError('-5', '充值金额格式不正确，最多两位小数');
      await expectError('1e3', '充值金额格式不正确，最多两位小数');
      await expectError('99.99', '充值金额不能低于100.00元');
      await expectError('50000.01', '充值金额不能高于50000.00元');
      expect(amount.getAttribute('aria-invalid')).toBe('true');
      fireEvent.change(screen.getByLabelText('付款人姓名（选填）'), { target: { value: 'a1' } });
      fireEvent.change(amount, { target: { value: '100' } });
      fireEvent.click(next);
      expect((await screen.findByRole('alert')).textContent).toBe('付款人姓名格式不正确');
      expect(callsTo(SUBMIT)).toHaveLength(0);
    },
    T,
  );

  it(
    'confirms, sends one order with a stored requestId and shows its number and status',
    async () => {
      const seen: { requestId: string; stored?: string }[] = [];
      stubNetwork(
        rechargeHandlers({
          [SUBMIT]: async (c) => {
            seen.push({
              requestId: c.body.get('requestId')!,
              stored: (await readPendingAction(USER.userId, 'recharge'))?.requestId,
            });
            return ok({
              order: order({
                id: 9,
                orderNo: 'R202611230009',
                amount: '300.50',
                payerName: '张三',
              }),
              created: true,
            });
          },
        }),
      );
      open('/recharge/banktransfer');
      fireEvent.click(await screen.findByRole('radio', { name: '500元' }));
      fireEvent.change(screen.getByLabelText('充值金额（元）'), { target: { value: '300.50' } });
      fireEvent.change(screen.getByLabelText('付款人姓名（选填）'), { target: { value: '张三' } });
      fireEvent.click(screen.getByRole('button', { name: '下一步' }));
      const confirm = await screen.findByRole('region', { name: '确认充值' });
      expect(confirm.textContent).toContain('¥300.50');
      expect(confirm.textContent).toContain('工商银行');
      expect(callsTo(SUBMIT)).toHaveLength(0);
      const before = callsTo('/v1/transaction/rechargeRecordList').length;
      fireEvent.click(within(confirm).getByRole('button', { name: '确认提交' }));
      const result = await screen.findByRole('region', { name: '充值订单' });
      expect(result.textContent).toContain('R202611230009');
      expect(result.textContent).toContain('待审核');
      expect(result.textContent).toContain('¥300.50');
      const sent = callsTo(SUBMIT);
      expect(sent).toHaveLength(1);
      expect(Object.fromEntries(sent[0]!.body)).toEqual({
        channel: 'banktransfer',
        configId: '1',
        amount: '300.50',
        payerName: '张三',
        requestId: seen[0]!.requestId,
      });
      expect(seen[0]!.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      expect(seen[0]!.stored).toBe(seen[0]!.requestId);
      expect(await readPendingAction(USER.userId, 'recharge')).toBeUndefined();
      await waitFor(() =>
        expect(callsTo('/v1/transaction/rechargeRecordList').length).toBe(before + 1),
      );
    },
    T,
  );

  it(
    'repeats the same requestId after a dropped connection, and shows a refusal in place',
    async () => {
      let n = 0;
      const ids: string[] = [];
      stubNetwork(
        rechargeHandlers({
          [SUBMIT]: (c) => {
            ids.push(c.body.get('requestId')!);
            n++;
            if (n === 1) throw new TypeError('Failed to fetch');
            if (n === 2) return ok({ order: order({ orderNo: 'R-RETRY' }), created: false });
            return refuse('您有5笔待审核的充值订单，请等待处理后再提交');
          },
        }),
      );
      open('/recharge/banktransfer');
      fireEvent.change(await screen.findByLabelText('充值金额（元）'), {
        target: { value: '300' },
      });
      fireEvent.click(screen.getByRole('button', { name: '下一步' }));
      fireEvent.click(await screen.findByRole('button', { name: '确认提交' }));
      fireEvent.click(await screen.findByRole('button', { name: '重试' }));
      expect((await screen.findByRole('region', { name: '充值订单' })).textContent).toContain(
        'R-RETRY',
      );
      expect(ids).toHaveLength(2);
      expect(ids[1]).toBe(ids[0]);

      // the next order gets a new id; a refusal is read out and nothing is left pending
      fireEvent.click(screen.getByRole('button', { name: '继续充值' }));
      fireEvent.change(await screen.findByLabelText('充值金额（元）'), {
        target: { value: '300' },
      });
      fireEvent.click(screen.getByRole('button', { name: '下一步' }));
      fireEvent.click(await screen.findByRole('button', { name: '确认提交' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        '您有5笔待审核的充值订单，请等待处理后再提交',
      );
      expect(ids[2]).not.toBe(ids[0]);
      expect(await readPendingAction(USER.userId, 'recharge')).toBeUndefined();
    },
    T,
  );

  it(
    'switches channels: fixed amounts, the digital-currency rate and credit, the online gateway',
    async () => {
      stubNetwork(
        rechargeHandlers({
          [SUBMIT]: () =>
            ok({
              order: order({
                channel: 'douyin',
                channelName: '抖音支付',
                payUrl: 'https://pay.example.com/gateway?order=R7&amount=88.00',
                orderNo: 'R7',
              }),
              created: true,
            }),
        }),
      );
      open('/recharge/banktransfer');
      const strip = await screen.findByRole('navigation', { name: '充值渠道' });

      fireEvent.click(within(strip).getByRole('link', { name: '微信支付' }));
      await waitFor(() => expect(window.location.pathname).toBe('/recharge/wechat'));
      const fixed = await screen.findByRole('radiogroup', { name: '充值金额' });
      expect(
        within(fixed)
          .getAllByRole('radio')
          .map((r) => r.textContent),
      ).toEqual(['100元', '200元', '500元']);
      expect(screen.queryByLabelText('充值金额（元）')).toBeNull();
      expect(screen.getByRole('img', { name: '微信转账收款二维码' }).getAttribute('src')).toBe(
        '/uploads/qr.png',
      );
      fireEvent.click(screen.getByRole('button', { name: '下一步' }));
      expect((await screen.findByRole('alert')).textContent).toBe('请选择充值金额');

      fireEvent.click(within(strip).getByRole('link', { name: '数字货币' }));
      const coins = await screen.findByLabelText('充值数量（USDT-TRC20）');
      expect(screen.getByText(/TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE/)).toBeTruthy();
      fireEvent.change(coins, { target: { value: '12.12345678' } });
      expect(screen.getByText(/汇率：1 USDT-TRC20 = 7.2 元/).textContent).toContain(
        '预计到账：¥87.28',
      );
      fireEvent.click(screen.getByRole('button', { name: '下一步' }));
      expect((await screen.findByRole('alert')).textContent).toBe('充值金额不能低于100.00元');
      fireEvent.change(coins, { target: { value: '1.123456789' } });
      expect(screen.getByText(/汇率：/).textContent).toContain('预计到账：--');
      fireEvent.click(screen.getByRole('button', { name: '下一步' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        '数字货币数量格式不正确，最多八位小数',
      );

      fireEvent.click(within(strip).getByRole('link', { name: '抖音支付' }));
      fireEvent.change(await screen.findByLabelText('充值金额（元）'), { target: { value: '88' } });
      fireEvent.click(screen.getByRole('button', { name: '下一步' }));
      fireEvent.click(await screen.findByRole('button', { name: '确认提交' }));
      const pay = await screen.findByRole('link', { name: '前往支付' });
      expect(pay.getAttribute('href')).toBe(
        'https://pay.example.com/gateway?order=R7&amount=88.00',
      );
      expect(pay.getAttribute('target')).toBe('_blank');
      expect(callsTo(SUBMIT)[0]!.body.get('channel')).toBe('douyin');
    },
    T,
  );

  it(
    'moves from a channel that is switched off to the first of PaySort',
    async () => {
      stubNetwork(rechargeHandlers());
      open('/recharge/alipay');
      await waitFor(() => expect(window.location.pathname).toBe('/recharge/wechat'));
      expect(await screen.findByRole('radiogroup', { name: '充值金额' })).toBeTruthy();
    },
    T,
  );

  it(
    'says so when no channel is open, and shows the orders error with a retry',
    async () => {
      let fail = true;
      stubNetwork(
        rechargeHandlers({
          '/v1/transaction/frontPaySort': () => ok({ list: [] }),
          '/v1/transaction/rechargeRecordList': () =>
            fail ? refuse('查询失败') : ok({ list: [], total: 0 }),
        }),
      );
      open('/recharge/banktransfer');
      expect(await screen.findByText('暂无可用的充值渠道，请联系客服')).toBeTruthy();
      expect((await screen.findByRole('alert')).textContent).toBe('查询失败');
      fail = false;
      fireEvent.click(screen.getByRole('button', { name: '重试' }));
      expect(await screen.findByText('暂无充值记录')).toBeTruthy();
    },
    T,
  );
});

describe('充值 links', () => {
  it('go to the first channel of PaySort', async () => {
    currentUser.value = { ...USER, userId: 99 };
    stubNetwork({
      '/v1/transaction/frontPaySort': () => ok({ list: [sortItem('alipay'), sortItem('wechat')] }),
    });
    window.history.replaceState(null, '', '/index');
    await goRecharge();
    expect(window.location.pathname).toBe('/recharge/alipay');
  });
});

describe('recharge routes', () => {
  it('has a login-only page per channel sharing one no-loading group, and the bare /recharge goes to /index', () => {
    const player = { isLogin: true, agent: false, operator: false };
    expect(guard('/recharge', '/recharge', player, false, routes)).toEqual({
      kind: 'redirect',
      to: '/index',
    });
    expect(guard('/recharge/alipay', '/recharge/alipay', null, false, routes)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Frecharge%2Falipay',
    });
    const pages = [
      'banktransfer',
      'unionpay',
      'qqpay',
      'wechat',
      'quickpass',
      'jdpay',
      'alipay',
      'internetbank',
      'virtualwalletpay',
      'digitalcurrencypay',
      'digitalrmb',
      'douyin',
    ].map((c) => findRoute(`/recharge/${c}`, routes));
    expect(pages.every((r) => r?.auth === true)).toBe(true);
    expect(findRoute('/recharge/digitalrmb', routes)!.title).toBe('数字人民币充值');
    expect(skipsLoading(pages[0]!, pages[11]!)).toBe(true);
    expect(skipsLoading(pages[10]!, findRoute('/help', routes)!)).toBe(true);
    expect(skipsLoading(pages[0]!, findRoute('/index', routes)!)).toBe(false);
    expect(findRoute('/recharge/paypal', routes)).toBeNull();
  });
});

describe('leaving the recharge page', () => {
  // The shell swaps the page one render after the location changes: the page must not pull the player back.
  for (const to of ['/index', '/lotteryHall', '/personalInfo']) {
    it(
      `goes to ${to} and stays there`,
      async () => {
        stubNetwork(rechargeHandlers());
        open('/recharge/wechat');
        await screen.findByRole('navigation', { name: '充值渠道' });
        act(() => navigate(to));
        await new Promise((r) => setTimeout(r, 50));
        expect(window.location.pathname).toBe(to);
      },
      T,
    );
  }

  it(
    'still moves a channel that is not in PaySort to the first one',
    async () => {
      stubNetwork(rechargeHandlers());
      open('/recharge/alipay');
      await waitFor(() => expect(window.location.pathname).toBe('/recharge/wechat'));
    },
    T,
  );
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
      await waitFor(
        () =>
          expect(screen.getByRole('list', { name: '充值记录' }).textContent).toContain('已到账'),
        { timeout: PENDING_POLL_MS + 3000 },
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
      await new Promise((r) => setTimeout(r, 100));
      expect(callsTo('/v1/transaction/rechargeRecordList').length).toBe(n);
    },
    T,
  );
});
