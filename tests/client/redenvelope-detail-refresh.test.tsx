/** An open envelope detail follows others' grabs (they push nothing): asked again every few seconds while shares are left. */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import {
  DETAIL_REFRESH_MS,
  DetailSheet,
} from '../../src/client/features/redEnvelope/dialogs/DetailSheet';
import { queryClient } from '../../src/client/query';
import { callsTo, ok, stubNetwork } from './records-net';

const row = (n: number) => ({
  userName: `pl***${n}`,
  avatar: '',
  dispatchType: 2,
  receiveTime: `2026-11-24 10:01:0${n}`,
  amount: '2.00',
  isBest: 0,
});
const detail = (taken: number) => ({
  amount: '0.00',
  total: taken,
  numTotal: 3,
  amountTotal: '6.00',
  receiveAmount: `${taken * 2}.00`,
  receiveNum: taken,
  type: 1,
  wishingRemark: '恭喜发财',
  senderName: 'se***1',
  senderAvatar: '',
  state: taken === 3 ? 5 : 1,
  rows: Array.from({ length: taken }, (_, i) => row(i + 1)),
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('envelope detail', () => {
  it("shows others' grabs while it is open, and stops asking once every share is taken", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let taken = 1;
    stubNetwork({ '/v1/transfer/queryReceiveRedEnvelope': () => ok(detail(taken)) });
    render(<DetailSheet recordId="r1" roomCode="room1" onRecords={() => {}} onClose={() => {}} />);
    expect((await screen.findByTestId('detail-summary')).textContent).toContain('已领取1/3个');
    taken = 2;
    await act(async () => {
      vi.advanceTimersByTime(DETAIL_REFRESH_MS);
    });
    await vi.waitFor(() =>
      expect(screen.getByTestId('detail-summary').textContent).toContain('已领取2/3个'),
    );
    taken = 3;
    await act(async () => {
      vi.advanceTimersByTime(DETAIL_REFRESH_MS);
    });
    await vi.waitFor(() =>
      expect(screen.getByTestId('detail-summary').textContent).toContain('已领取3/3个'),
    );
    const asked = callsTo('/v1/transfer/queryReceiveRedEnvelope').length;
    await act(async () => {
      vi.advanceTimersByTime(DETAIL_REFRESH_MS * 3);
    });
    expect(callsTo('/v1/transfer/queryReceiveRedEnvelope')).toHaveLength(asked);
  });
});
