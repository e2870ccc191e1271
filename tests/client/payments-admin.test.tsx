/**
 * The operator's recharge pages against a stubbed network: the review queue (pending first, filters,
 * approve and reject behind confirm dialogs, the list refreshed) and the channel configuration (PaySort
 * order, enable/disable, create with the channel's fields, delete).
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RECHARGE_CHANNELS } from '../../src/domain/payments';
import { currentUser } from '../../src/client/state/session';
import { OverlayHost } from '../../src/client/ui';
import { RechargeOrdersPanel } from '../../src/client/features/admin/payments/RechargeOrdersPanel';
import { ChannelsPanel } from '../../src/client/features/admin/payments/ChannelsPanel';
import type { AdminConfig, AdminOrder } from '../../src/client/features/admin/payments/api';
import { callsTo, ok, refuse, stubNetwork, USER } from './records-net';
import { order } from './payments-fixtures';

const T = 20_000;

function adminOrder(over: Partial<AdminOrder> = {}): AdminOrder {
  return {
    ...order({ id: 5, orderNo: 'R5', payerName: '张三' }),
    userId: 7,
    userName: 'player01',
    operatorName: '',
    ...over,
  };
}

async function confirmWith(button: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
}

beforeEach(() => {
  currentUser.value = { ...USER, operator: true };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RechargeOrdersPanel', () => {
  it(
    'lists pending orders first, approves after a confirm and refreshes the list',
    async () => {
      let approved = false;
      stubNetwork({
        '/v1/admin/recharge/list': (c) =>
          ok(
            c.query.get('status') === 'pending' && !approved
              ? { list: [adminOrder()], total: 1 }
              : { list: [], total: 0 },
          ),
        '/v1/admin/recharge/approve': () => {
          approved = true;
          return ok({
            order: adminOrder({ status: 'approved' }),
            balance: '300.00',
            balanceFen: 30_000,
          });
        },
      });
      render(
        <>
          <RechargeOrdersPanel />
          <OverlayHost />
        </>,
      );
      const row = (await screen.findAllByRole('listitem'))[0]!;
      expect(row.textContent).toContain('player01 · 银行转账 ¥300.00');
      expect(row.textContent).toContain('付款人：张三');
      expect(callsTo('/v1/admin/recharge/list')[0]!.query.get('status')).toBe('pending');
      fireEvent.click(within(row).getByRole('button', { name: '确认到账' }));
      expect((await screen.findByRole('dialog')).textContent).toContain(
        '确认player01 的 银行转账 充值 ¥300.00已到账？',
      );
      await confirmWith('确定');
      await waitFor(() => expect(callsTo('/v1/admin/recharge/approve')).toHaveLength(1));
      expect(callsTo('/v1/admin/recharge/approve')[0]!.body.get('id')).toBe('5');
      expect(await screen.findByText('没有充值订单')).toBeTruthy();
    },
    T,
  );

  it(
    'rejects only with a reason, shows a refusal, and filters by status and user',
    async () => {
      stubNetwork({
        '/v1/admin/recharge/list': () => ok({ list: [adminOrder()], total: 1 }),
        '/v1/admin/recharge/reject': () => refuse('订单已处理'),
      });
      render(
        <>
          <RechargeOrdersPanel />
          <OverlayHost />
        </>,
      );
      const row = (await screen.findAllByRole('listitem'))[0]!;
      fireEvent.click(within(row).getByRole('button', { name: '驳回' }));
      fireEvent.click(within(row).getByRole('button', { name: '确认驳回' }));
      expect((await within(row).findByRole('alert')).textContent).toBe('请填写驳回原因');
      fireEvent.change(within(row).getByLabelText('驳回原因'), { target: { value: '未收到款项' } });
      fireEvent.click(within(row).getByRole('button', { name: '确认驳回' }));
      await confirmWith('确定');
      expect((await within(row).findByRole('alert')).textContent).toBe('订单已处理');
      expect(Object.fromEntries(callsTo('/v1/admin/recharge/reject')[0]!.body)).toEqual({
        id: '5',
        remark: '未收到款项',
      });

      fireEvent.change(screen.getByLabelText('订单状态'), { target: { value: 'all' } });
      fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'player01' } });
      fireEvent.click(screen.getByRole('button', { name: '筛选' }));
      await waitFor(() => {
        const last = callsTo('/v1/admin/recharge/list').at(-1)!;
        expect(last.query.get('status')).toBeNull();
        expect(last.query.get('userName')).toBe('player01');
      });
    },
    T,
  );
});

function adminConfig(over: Partial<AdminConfig> = {}): AdminConfig {
  return {
    id: 1,
    channel: 'banktransfer',
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
    fixedAmounts: ['100.00', '200.00'],
    gatewayUrl: '',
    sort: 0,
    enabled: true,
    instructions: '说明',
    createdAt: 0,
    updatedAt: 0,
    ...over,
  };
}

describe('ChannelsPanel', () => {
  function channelsData(configs: AdminConfig[]) {
    return {
      channels: RECHARGE_CHANNELS.map((c) => ({
        code: c.code,
        name: c.name,
        typeCode: c.typeCode,
        frontCall: c.frontCall,
        online: c.online,
        enabled: c.code !== 'douyin',
        list: configs.filter((x) => x.channel === c.code),
      })),
      settings: {
        notice: '公告',
        payerNameRequired: false,
        paySort: RECHARGE_CHANNELS.map((c) => c.code).filter((c) => c !== 'douyin'),
      },
    };
  }

  it(
    'reorders PaySort, disables a config with every field kept, creates and deletes one',
    async () => {
      stubNetwork({
        '/v1/admin/payment/channels': () => ok(channelsData([adminConfig()])),
        '/v1/admin/payment/settingsSave': () =>
          ok({ notice: '公告', payerNameRequired: false, paySort: [] }),
        '/v1/admin/payment/channelSave': () => ok({ id: 2 }),
        '/v1/admin/payment/channelDelete': () => ok(null),
      });
      render(
        <>
          <ChannelsPanel />
          <OverlayHost />
        </>,
      );
      fireEvent.click(await screen.findByRole('button', { name: '微信支付上移' }));
      fireEvent.click(screen.getByRole('checkbox', { name: /抖音支付/ }));
      fireEvent.click(screen.getByRole('button', { name: '保存设置' }));
      await waitFor(() => expect(callsTo('/v1/admin/payment/settingsSave')).toHaveLength(1));
      expect(callsTo('/v1/admin/payment/settingsSave')[0]!.body.get('paySort')).toBe(
        'banktransfer,unionpay,wechat,qqpay,quickpass,jdpay,alipay,internetbank,virtualwalletpay,digitalcurrencypay,digitalrmb,douyin',
      );

      const configs = screen.getByRole('region', { name: '银行转账收款账户' });
      fireEvent.click(within(configs).getByRole('button', { name: '停用' }));
      await confirmWith('确定');
      await waitFor(() => expect(callsTo('/v1/admin/payment/channelSave')).toHaveLength(1));
      expect(Object.fromEntries(callsTo('/v1/admin/payment/channelSave')[0]!.body)).toMatchObject({
        id: '1',
        channel: 'banktransfer',
        name: '工商银行',
        accountNo: '6222021234567890123',
        min: '100.00',
        max: '50000.00',
        fixedAmounts: '100.00,200.00',
        gatewayUrl: '',
        sort: '0',
        enabled: '0',
        instructions: '说明',
      });

      // an online channel asks for the gateway template, not for an account
      fireEvent.change(screen.getByLabelText('支付渠道'), { target: { value: 'douyin' } });
      fireEvent.click(await screen.findByRole('button', { name: '新增收款账户' }));
      const form = screen.getByRole('form', { name: '新增收款账户' });
      expect(within(form).queryByLabelText('收款账号')).toBeNull();
      fireEvent.change(within(form).getByLabelText('账户名称'), { target: { value: '抖音在线' } });
      fireEvent.change(within(form).getByLabelText('网关地址模板'), {
        target: { value: 'https://pay.example.com/?o={orderNo}' },
      });
      fireEvent.change(within(form).getByLabelText('最低金额（元）'), { target: { value: '10' } });
      fireEvent.change(within(form).getByLabelText('最高金额（元）'), {
        target: { value: '5000' },
      });
      fireEvent.click(within(form).getByRole('button', { name: '保存' }));
      await waitFor(() => expect(callsTo('/v1/admin/payment/channelSave')).toHaveLength(2));
      const made = callsTo('/v1/admin/payment/channelSave')[1]!.body;
      expect(made.get('id')).toBeNull();
      expect(made.get('channel')).toBe('douyin');
      expect(made.get('gatewayUrl')).toBe('https://pay.example.com/?o={orderNo}');
      expect(made.get('enabled')).toBe('1');

      fireEvent.change(screen.getByLabelText('支付渠道'), { target: { value: 'banktransfer' } });
      fireEvent.click(await screen.findByRole('button', { name: '删除' }));
      await confirmWith('确定');
      await waitFor(() => expect(callsTo('/v1/admin/payment/channelDelete')).toHaveLength(1));
      expect(callsTo('/v1/admin/payment/channelDelete')[0]!.body.get('id')).toBe('1');
    },
    T,
  );
});
