/**
 * The share dialog's limits and labels (spec 001 sections 2, 5, 6, 8): rooms asked 11 a page, rooms
 * muted for everyone or for the viewer shown disabled as 全体禁言 / 已禁言, at most 30 private chats
 * (the 31st says 分享限制为30个聊天室 and is not added), one shareMessage with the chosen targets and
 * 分享成功; and the chat cards of types 7 and 9.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ShareDialog } from '../../src/client/features/share/ShareDialog';
import { SharedBetCard, SharedRecordCard } from '../../src/client/features/share/SharedCards';
import { SuccessSheet } from '../../src/client/features/lottery/components/BetSlip';
import { roomMuteLabel, toggleTarget } from '../../src/domain/share/targets';
import { OverlayHost } from '../../src/client/ui';
import { queryClient } from '../../src/client/query';
import { callsTo, ok, stubNetwork } from './records-net';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

const room = (i: number, over: Record<string, unknown> = {}) => ({
  roomCode: `R${i}`,
  title: `房间${i}`,
  subTitle: '',
  avatar: '',
  grade: [],
  isPassword: 0,
  banned: 0,
  isMessageBanned: 0,
  ...over,
});
const chat = (i: number) => ({
  roomId: i,
  userId: String(100 + i),
  userName: `用户${i}`,
  avatar: '',
  subTitle: '',
  latestMessageId: i,
  messageReadId: i,
  unread: 0,
  gmtLatestMessageTimestamp: 0,
  gmtLatestMessage: '',
});

describe('target rules', () => {
  it('labels muted rooms and caps the targets at 30', () => {
    expect(roomMuteLabel({ banned: 0, isMessageBanned: 1 })).toBe('全体禁言');
    expect(roomMuteLabel({ banned: 1, isMessageBanned: 0 })).toBe('已禁言');
    expect(roomMuteLabel({ banned: true, isMessageBanned: true })).toBe('全体禁言');
    expect(roomMuteLabel({ banned: 0, isMessageBanned: false })).toBeNull();
    const full = Array.from({ length: 30 }, (_, i) => i);
    expect(toggleTarget(full, 99)).toEqual({ selected: full, refusal: '分享限制为30个聊天室' });
    expect(toggleTarget(full, 3).selected).toHaveLength(29);
    expect(toggleTarget(full.slice(0, 29), 99)).toEqual({
      selected: [...full.slice(0, 29), 99],
      refusal: null,
    });
  });
});

describe('ShareDialog', () => {
  it('lists rooms 11 a page with muted rows disabled and labelled, and shares into the chosen ones', async () => {
    stubNetwork({
      '/v1/chat/getRoomList': (c) => {
        const page = Number(c.query.get('pageNum'));
        const list =
          page === 1
            ? [
                room(1),
                room(2, { isMessageBanned: 1 }),
                room(3, { banned: 1 }),
                ...Array.from({ length: 8 }, (_, i) => room(i + 4)),
              ]
            : [room(12)];
        return ok({ list, total: 12 });
      },
      '/v1/chat/getDirectRoomListWeb': () => ok({ list: [], total: 0 }),
      '/v1/chat/shareMessage': () =>
        ok({
          sent: 2,
          results: [
            { roomCode: 'R1', ok: true, msg: '分享成功' },
            { roomCode: 'R12', ok: true, msg: '分享成功' },
          ],
        }),
    });
    const onClose = vi.fn();
    render(
      <>
        <ShareDialog what={{ kind: 'bets', orderIds: [5] }} title="分享注单" onClose={onClose} />
        <OverlayHost />
      </>,
    );
    await screen.findByLabelText('房间1');
    expect(callsTo('/v1/chat/getRoomList')[0]!.query.get('pageSize')).toBe('11');
    const banned = screen.getByLabelText('房间2（全体禁言）') as HTMLInputElement;
    expect(banned.disabled).toBe(true);
    expect(within(banned.closest('li')!).getByText('全体禁言')).toBeTruthy();
    const muted = screen.getByLabelText('房间3（已禁言）') as HTMLInputElement;
    expect(muted.disabled).toBe(true);
    expect(within(muted.closest('li')!).getByText('已禁言')).toBeTruthy();
    expect((screen.getByLabelText('房间1') as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await screen.findByLabelText('房间12');
    expect(callsTo('/v1/chat/getRoomList')[1]!.query.get('pageNum')).toBe('2');
    fireEvent.click(screen.getByLabelText('房间1'));
    fireEvent.click(screen.getByLabelText('房间12'));
    fireEvent.click(screen.getByRole('button', { name: '分享' }));
    await screen.findByText('分享成功');
    const body = callsTo('/v1/chat/shareMessage')[0]!.body;
    expect(body.get('roomCodes')).toBe('R1,R12');
    expect(body.get('roomIds')).toBe('');
    expect(body.get('messageTypeId')).toBe('7');
    expect(JSON.parse(body.get('message')!)).toEqual({ orderIds: [5] });
    expect(onClose).toHaveBeenCalled();
  });

  it('takes at most 30 private chats: the 31st is refused with the spec toast', async () => {
    stubNetwork({
      '/v1/chat/getRoomList': () => ok({ list: [], total: 0 }),
      '/v1/chat/getDirectRoomListWeb': (c) => {
        const page = Number(c.query.get('pageNum'));
        return ok({
          list: Array.from({ length: page === 1 ? 20 : 12 }, (_, i) =>
            chat((page - 1) * 20 + i + 1),
          ),
          total: 32,
        });
      },
      '/v1/chat/shareMessage': () => ok({ sent: 30, results: [] }),
    });
    render(
      <>
        <ShareDialog
          what={{ kind: 'record', date: '2026-11-24' }}
          title="分享战绩"
          onClose={() => {}}
        />
        <OverlayHost />
      </>,
    );
    await screen.findByText('暂无可分享的聊天室');
    fireEvent.click(screen.getByRole('tab', { name: /私聊/ }));
    await screen.findByLabelText('用户1');
    fireEvent.click(await screen.findByRole('button', { name: '加载更多' }));
    await screen.findByLabelText('用户32');
    for (let i = 1; i <= 31; i++) fireEvent.click(screen.getByLabelText(`用户${i}`));
    await screen.findByText('分享限制为30个聊天室');
    expect((screen.getByLabelText('用户31') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('已选30个')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '分享' }));
    await waitFor(() => expect(callsTo('/v1/chat/shareMessage')).toHaveLength(1));
    const body = callsTo('/v1/chat/shareMessage')[0]!.body;
    expect(body.get('roomIds')!.split(',')).toHaveLength(30);
    expect(body.get('messageTypeId')).toBe('9');
    expect(JSON.parse(body.get('message')!)).toEqual({ date: '2026-11-24' });
  });

  it('shows the list error with a retry', async () => {
    stubNetwork({
      '/v1/chat/getRoomList': () => ({ code: -1, msg: '服务繁忙', data: null }),
      '/v1/chat/getDirectRoomListWeb': () => ok({ list: [], total: 0 }),
    });
    render(
      <ShareDialog what={{ kind: 'bets', orderIds: [1] }} title="分享注单" onClose={() => {}} />,
    );
    await screen.findByText(/服务繁忙/);
    expect(screen.getByRole('button', { name: /重试/ })).toBeTruthy();
  });
});

describe('share cards', () => {
  const bet = {
    orderId: 'B1',
    lotteryName: '鸿运分分彩',
    lotteryCode: '1008',
    lotteryType: 'SSC',
    country: '',
    bettingIssue: '20261124-0001',
    bettingAmount: '6.00',
    bettingCount: 1,
    bettingUnit: 1,
    graduationCount: 3,
    bettingNumber: '2,-,-,-,-',
    playDetailCode: '1008DWD',
    betDetail: '定位胆',
    betDetailTitle: '',
    betDetailContent: '2,-,-,-,-',
    money: '6.00',
  };
  it('shows the shared bets total and their detail', () => {
    render(<SharedBetCard bets={[bet, { ...bet, orderId: 'B2', money: '2.50' }]} />);
    expect(screen.getByTestId('shared-bet-total').textContent).toBe('8.50');
    fireEvent.click(screen.getByRole('button', { name: '详情' }));
    const detail = screen.getByRole('list', { name: '注单详情' });
    expect(within(detail).getAllByRole('listitem')).toHaveLength(2);
    expect(within(detail).getAllByText('玩法：定位胆')).toHaveLength(2);
    expect(screen.getByRole('button', { name: /跟投/ })).toBeTruthy();
  });
  it('colours the record profit by its sign', () => {
    render(
      <SharedRecordCard
        rec={{ betAmount: '10.00', returnAmount: '0.00', profit: '-10.00', dateName: '2026-11-24' }}
      />,
    );
    expect(screen.getByTestId('shared-record-profit').className).toContain('text-green-700');
    cleanup();
    render(
      <SharedRecordCard
        rec={{ betAmount: '10.00', returnAmount: '19.60', profit: '9.60', dateName: '2026-11-24' }}
      />,
    );
    expect(screen.getByTestId('shared-record-profit').className).toContain('text-red-700');
  });
  it('shows the columns its 盈亏 adds up: 投注, 中奖 and 其他 (rebates, activities …)', () => {
    render(
      <SharedRecordCard
        rec={{
          betAmount: '68.00',
          returnAmount: '19.59',
          profit: '-40.41',
          dateName: '2026-11-24',
        }}
      />,
    );
    expect(screen.getByTestId('shared-record-other').textContent).toBe('8.00');
  });
});

describe('the bet success sheet', () => {
  it('offers 分享到聊天室 for the orders just placed, sharing them as type 7', async () => {
    stubNetwork({
      '/v1/chat/getRoomList': () => ok({ list: [room(1)], total: 1 }),
      '/v1/chat/getDirectRoomListWeb': () => ok({ list: [], total: 0 }),
      '/v1/chat/shareMessage': () =>
        ok({ sent: 1, results: [{ roomCode: 'R1', ok: true, msg: '分享成功' }] }),
    });
    render(
      <>
        <SuccessSheet shareText="我在鸿运分分彩投注了1注" orderIds={[41, 42]} onClose={() => {}} />
        <OverlayHost />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: '分享到聊天室' }));
    fireEvent.click(await screen.findByLabelText('房间1'));
    fireEvent.click(screen.getByRole('button', { name: '分享' }));
    await screen.findByText('分享成功');
    expect(JSON.parse(callsTo('/v1/chat/shareMessage')[0]!.body.get('message')!)).toEqual({
      orderIds: [41, 42],
    });
  });
  it('has no chat share without orders (a chase)', () => {
    render(<SuccessSheet shareText="追号" onClose={() => {}} />);
    expect(screen.queryByRole('button', { name: '分享到聊天室' })).toBeNull();
  });
});
