/** The operator's red envelopes (notes/envelope-api.md "Operator"): limits per grade, the filtered list with receipts, the system envelope. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RedEnvelopePanel } from '../../src/client/features/admin/redEnvelope/RedEnvelopePanel';
import { OverlayHost } from '../../src/client/ui';
import { currentUser } from '../../src/client/state/session';
import { resetNetwork } from '../../src/client/api/network';
import { callsTo, ok, stubNetwork, USER } from './records-net';

const ROW = {
  recordCode: 'HB000000000000000042',
  userName: 'player01',
  type: 2,
  num: 3,
  receiveNum: 2,
  amount: '30.00',
  remainingAmount: '5.00',
  receiveAmount: '25.00',
  status: 4,
  isSystem: 0,
  isDirect: 0,
  roomCode: 'r1',
  roomTitle: '大厅',
  wishingRemark: '恭喜发财',
  createTime: '2026-11-24 08:00:00',
  expireTime: '2026-11-24 20:00:00',
};
const LIMITS = {
  grade: -1000,
  maxAmount: '10000.00',
  dayLimitAmount: '50000.00',
  dayLimitCount: 20,
};

beforeEach(() => {
  resetNetwork();
  currentUser.value = { ...USER, operator: true };
  stubNetwork({
    '/v1/transfer/queryReceiveRedEnvelopeList': () => ok({ list: [ROW], total: 1 }),
    '/v1/transfer/queryPersonaRedEnvelopeCircumstance': () =>
      ok({
        list: [{ userName: 'alice1', amount: '20.00', seq: 1, receiveTime: '2026-11-24 08:01:00' }],
        total: 1,
      }),
    '/v1/admin/redEnvelope/config': (c) =>
      c.method === 'GET'
        ? ok({ perGrade: [{ ...LIMITS, grade: 3, maxAmount: '500.00' }], default: LIMITS })
        : ok(null),
    '/v1/admin/chat/rooms': () => ok({ list: [{ roomCode: 'r1', title: '大厅' }] }),
    '/v1/admin/redEnvelope/system': () =>
      ok({ id: 1, message: JSON.stringify({ recordId: 'HB000000000000000043' }) }),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  currentUser.value = null;
});

describe('operator red envelopes', () => {
  it('filters the list and shows an envelope’s receipts', async () => {
    render(
      <>
        <RedEnvelopePanel />
        <OverlayHost />
      </>,
    );
    expect((await screen.findByText(/总额 30.00元/)).textContent).toContain('已领 2/3 个 25.00元');
    fireEvent.change(screen.getByLabelText('发送人'), { target: { value: 'player01' } });
    fireEvent.change(screen.getByLabelText('状态'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(callsTo('/v1/transfer/queryReceiveRedEnvelopeList')).toHaveLength(2),
    );
    expect(
      Object.fromEntries(callsTo('/v1/transfer/queryReceiveRedEnvelopeList')[1]!.query),
    ).toMatchObject({ userName: 'player01', status: '4', type: '-1', pageNum: '1' });
    // the filtered answer's rows come a moment after the request (TanStack notifies on a macrotask)
    fireEvent.click(await screen.findByRole('button', { name: '领取明细' }));
    const list = await screen.findByRole('list', { name: '领取明细' });
    expect(list.textContent).toContain('alice1');
  });

  it('saves a grade’s limits and sends a system envelope with a request id', async () => {
    render(
      <>
        <RedEnvelopePanel />
        <OverlayHost />
      </>,
    );
    fireEvent.click(screen.getByRole('tab', { name: '限额设置' }));
    const g3 = await screen.findByRole('form', { name: '等级 3红包限额' });
    fireEvent.change(within(g3).getByLabelText('每日次数'), { target: { value: '7' } });
    fireEvent.click(within(g3).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(
        callsTo('/v1/admin/redEnvelope/config')
          .filter((c) => c.method === 'POST')
          .map((c) => Object.fromEntries(c.body)),
      ).toEqual([
        { grade: '3', maxAmount: '500.00', dayLimitAmount: '50000.00', dayLimitCount: '7' },
      ]),
    );

    fireEvent.click(screen.getByRole('tab', { name: '系统红包' }));
    await screen.findByRole('option', { name: '大厅' });
    fireEvent.change(screen.getByLabelText('红包个数'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('总金额（元）'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: '发送系统红包' }));
    expect((await screen.findByText(/已发送/)).textContent).toContain('HB000000000000000043');
    const [b] = callsTo('/v1/admin/redEnvelope/system').map((c) => Object.fromEntries(c.body));
    expect(b).toMatchObject({
      roomCode: 'r1',
      num: '10',
      type: '2',
      amount: '100',
      wishingRemark: '恭喜发财，大发发发发',
    });
    expect(b!.requestId!.length).toBeGreaterThan(8);
  });
});
