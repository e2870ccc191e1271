/**
 * The push-plan card (type 10): the payload read, the pick, the live rates and rows from
 * getPushPlayListFront, the history list, a row's action sheet and the plan record view.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MessageItem } from '../../src/client/features/chat/components/MessageItem';
import type { ChatMessage } from '../../src/client/features/chat/api';
import { planPayload } from '../../src/client/features/plans/api';
import { queryClient } from '../../src/client/query';
import { callsTo, ok, stubNetwork } from './records-net';

const PAYLOAD = {
  planId: 4,
  lotteryCode: '1407',
  lotteryName: '极速快3',
  lotteryType: 'K3',
  bettingIssue: '20261124-0500',
  playName: '和值热号',
  playHistory: '共3期',
  betPlay: '和值 和值',
  describePlay:
    '热号：近期开出最多的号码。计划号码仅为按规则选出的参考，不代表任何中奖保证，请理性投注。',
  totalWinRate: '50.00%',
  todayWinRate: '50.00%',
  displayContent: { showHistory: 1, showWinRate: 1 },
  predictionResult: '9 10 11',
  history: [
    { issue: '20261124-0499', predictionResult: '4 5 6', playType: '和值 和值', isPrize: 0 },
    { issue: '20261124-0498', predictionResult: '7 8 9', playType: '和值 和值', isPrize: 1 },
  ],
  entries: [
    {
      playDetailCode: 'HZ',
      bettingNumber: '9 10 11',
      bettingCount: 3,
      betDetail: '和值 和值',
      betDetailContent: '9 10 11',
      betAmountMode: 2,
    },
  ],
};
const msg: ChatMessage = {
  id: 1,
  roomId: 1,
  messageTypeId: 10,
  message: JSON.stringify(PAYLOAD),
  userId: '',
  nickname: '',
  avatar: '',
  grade: 0,
  nicknameColorId: '',
  messageColorId: '',
  status: 0,
  gmtCreated: '2026-11-24 10:00:00',
};
const LIVE = [
  {
    issue: '20261124-0500',
    predictionResult: '9 10 11',
    playType: '和值 和值',
    isPrize: 1,
    openNumber: '3,3,4',
  },
  ...PAYLOAD.history.map((h) => ({ ...h, openNumber: '1,1,1' })),
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the plan card', () => {
  it('reads only type-10 plan payloads', () => {
    expect(planPayload(msg)!.planId).toBe(4);
    expect(planPayload({ ...msg, messageTypeId: 1 })).toBeNull();
    expect(planPayload({ ...msg, message: 'x' })).toBeNull();
    expect(planPayload({ ...msg, message: '{"planId":"4"}' })).toBeNull();
  });

  it('shows the pick, then the live result and rates; history, row actions and the record view', async () => {
    stubNetwork({
      '/v1/chat/getPushPlayListFront': () =>
        ok({
          list: LIVE,
          total: 3,
          totalWinRate: '66.67%',
          todayWinRate: '66.67%',
          playName: '和值热号',
          betPlay: '和值 和值',
          gameName: '极速快3',
          lotteryCode: '1407',
        }),
      '/v1/chat/getPushPlayRecordFront': (c) =>
        ok({
          gameName: '极速快3',
          issue: c.query.get('issue'),
          openNumber: '1,1,1',
          predictionResult: '7 8 9',
          isPrize: 1,
          playType: '和值 和值',
          playName: '和值热号',
        }),
    });
    render(
      <ul>
        <MessageItem m={msg} mine={false} onImage={() => {}} onAvatar={() => {}} />
      </ul>,
    );
    const card = screen.getByRole('region', { name: '推送计划：和值热号' });
    expect(card.textContent).toContain('9 10 11');
    expect(screen.getByRole('button', { name: '查看计划推送的资料' })).toHaveProperty(
      'disabled',
      true,
    );
    await waitFor(() =>
      expect(within(card).getByTestId('plan-total-rate').textContent).toBe('66.67%'),
    );
    expect(within(card).getByTestId('plan-current').textContent).toBe('中');
    expect(within(card).getByRole('list', { name: '最近计划' }).textContent).toContain('未中');
    expect(within(card).getByRole('button', { name: '跟投' })).toHaveProperty('disabled', true);

    fireEvent.click(within(card).getByRole('button', { name: '历史计划' }));
    fireEvent.click(await screen.findByRole('button', { name: /^第20261124-0498期 7 8 9 中/ }));
    expect(screen.queryByRole('menuitem', { name: '跟投本期' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: '查看开奖记录' }));
    const record = await screen.findByTestId('plan-record');
    await waitFor(() => expect(record.textContent).toContain('1,1,1'));
    expect(record.textContent).toContain('第20261124-0498期');
    expect(callsTo('/v1/chat/getPushPlayRecordFront')[0]!.query.get('playId')).toBe('4');
  });
});
