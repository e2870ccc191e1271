/**
 * The chat's red envelopes on the client (spec 001 §2-§5, notes/envelope-api.md): the type-3 card's
 * states and read look, the grab then open flow (blocked while a request is pending, the card's state
 * updated and the read mark sent), the exhausted and 12-hour answers, the detail list and my records,
 * and the guest notice.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MessageItem } from '../../src/client/features/chat/components/MessageItem';
import type { ChatMessage } from '../../src/client/features/chat/api';
import { useEnvelopes } from '../../src/client/features/redEnvelope/useEnvelopes';
import {
  envelopePayload,
  EXHAUSTED_MSG,
  EXPIRED_MSG,
  stateLabel,
} from '../../src/client/features/redEnvelope/payload';
import { OverlayHost } from '../../src/client/ui';
import { callsTo, ok, stubNetwork, type Handler } from './records-net';
import { passTime, useFakeClock } from './clock-fixtures';

const env = (id: number, body: Record<string, unknown>, userId = '9'): ChatMessage => ({
  id,
  roomId: 1,
  messageTypeId: 3,
  message: JSON.stringify({
    recordId: `HB${String(id).padStart(18, '0')}`,
    type: 2,
    wishingRemark: '恭喜发财',
    num: 5,
    ...body,
  }),
  userId,
  nickname: 'se***1',
  avatar: '',
  grade: 1,
  nicknameColorId: '',
  messageColorId: '',
  status: 0,
  gmtCreated: '2026-11-24 10:00:00',
});
const RID = (id: number) => `HB${String(id).padStart(18, '0')}`;
const SNATCH_OK = {
  state: 1,
  amount: '0.00',
  wishingRemark: '恭喜发财',
  senderName: 'se***1',
  senderAvatar: '',
  type: 2,
  msg: '',
};

function Room({
  list,
  guest,
  onMenu,
}: {
  list: ChatMessage[];
  guest?: () => void;
  onMenu?(m: ChatMessage): void;
}) {
  const e = useEnvelopes({
    place: { roomCode: 'r1' },
    myId: guest ? null : 7,
    userName: 'player01',
    guestRegister: guest ?? null,
  });
  return (
    <>
      <ul>
        {list.map((m) => (
          <MessageItem
            key={m.id}
            m={m}
            mine={false}
            onImage={() => {}}
            onMenu={onMenu}
            envelope={e.handlers}
          />
        ))}
      </ul>
      {e.ui}
      <OverlayHost />
    </>
  );
}

const body = (path: string) => callsTo(path).map((c) => Object.fromEntries(c.body));
const card = (name: RegExp) => screen.getByRole('button', { name });

function net(extra: Record<string, Handler> = {}) {
  stubNetwork({
    '/v1/transfer/updateReadedRedEnvelop': () => ok(null),
    '/v1/transfer/snatchRedEnvelope': () => ok(SNATCH_OK),
    '/v1/transfer/openRedEnvelope': () => ok({ state: 1, amount: '12.34', msg: '' }),
    ...extra,
  });
}
beforeEach(() => net());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the envelope card', () => {
  it('reads the payload; a live push (no state) is unread and available; bad payloads are not envelopes', () => {
    expect(envelopePayload(env(1, {}))).toMatchObject({
      recordId: RID(1),
      type: 2,
      isRead: false,
      state: 0,
    });
    expect(envelopePayload({ ...env(1, {}), message: 'nope' })).toBeNull();
    expect(envelopePayload({ ...env(1, {}), message: '{"type":1}' })).toBeNull();
    expect(envelopePayload({ ...env(1, {}), messageTypeId: 1 })).toBeNull();
    expect(envelopePayload(env(1, { wishingRemark: '' }))!.wishingRemark).toBe(
      '恭喜发财，大发发发发',
    );
  });

  it('shows each state of the history with its label, and the read look', () => {
    render(
      <Room
        list={[
          env(1, {}),
          env(2, { state: 2, isRead: 1, amount: '3.50' }),
          env(3, { state: 3, isRead: 1 }),
          env(4, { state: 1 }),
          env(5, { state: 4 }),
          env(6, { state: 5 }),
        ]}
      />,
    );
    expect(card(/红包：恭喜发财，未领取，未读/).getAttribute('data-envelope-read')).toBe('0');
    expect(card(/已领取，3.50元/).getAttribute('data-envelope-read')).toBe('1');
    expect(screen.getAllByRole('button', { name: /已抢完/ })).toHaveLength(2);
    expect(card(/已过期/).getAttribute('data-envelope-state')).toBe('1');
    expect(card(/已退回/).getAttribute('data-envelope-state')).toBe('4');
    expect([0, 1, 2, 3, 4, 5].map(stateLabel)).toEqual([
      '未领取',
      '已过期',
      '已领取',
      '已抢完',
      '已退回',
      '已抢完',
    ]);
  });
});

describe('grab and open', () => {
  it('grabs on tap, opens with 開, shows the amount, updates the card and marks it read', async () => {
    render(<Room list={[env(1, {})]} />);
    fireEvent.click(card(/未领取/));
    const dialog = await screen.findByRole('dialog', { name: 'se***1的红包' });
    expect(body('/v1/transfer/snatchRedEnvelope')).toEqual([
      { recordId: RID(1), roomCode: 'r1', roomId: '', isDirect: '0' },
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: '开红包' }));
    expect((await within(dialog).findByTestId('envelope-got')).textContent).toContain('12.34元');
    expect(body('/v1/transfer/openRedEnvelope')).toEqual([
      { recordId: RID(1), roomCode: 'r1', roomId: '', isDirect: '0' },
    ]);
    await waitFor(() =>
      expect(body('/v1/transfer/updateReadedRedEnvelop').at(-1)).toEqual({
        recordCode: RID(1),
        state: '2',
      }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(card(/已领取，12.34元/).getAttribute('data-envelope-read')).toBe('1');
  });

  it('blocks a second tap while the grab is pending', async () => {
    let release: () => void = () => {};
    net({
      '/v1/transfer/snatchRedEnvelope': () =>
        new Promise((r) => {
          release = () => r(ok(SNATCH_OK));
        }),
    });
    render(<Room list={[env(1, {}), env(2, {})]} />);
    fireEvent.click(screen.getAllByRole('button', { name: /红包：/ })[0]!);
    await waitFor(() => expect(callsTo('/v1/transfer/snatchRedEnvelope')).toHaveLength(1));
    for (const b of screen.getAllByRole('button', { name: /红包：/ })) fireEvent.click(b);
    expect(screen.getByText('正在打开…')).toBeTruthy();
    release();
    await screen.findByRole('dialog');
    expect(callsTo('/v1/transfer/snatchRedEnvelope')).toHaveLength(1);
  });

  it('an open that finds none left says 手慢了，红包派完了 and the card shows 已抢完', async () => {
    net({
      '/v1/transfer/openRedEnvelope': () => ok({ state: 0, amount: '0.00', msg: '红包已抢完' }),
    });
    render(<Room list={[env(1, {})]} />);
    fireEvent.click(card(/未领取/));
    fireEvent.click(await screen.findByRole('button', { name: '开红包' }));
    expect(await screen.findByText(EXHAUSTED_MSG)).toBeTruthy();
    await waitFor(() => expect(card(/红包：恭喜发财，已抢完/)).toBeTruthy());
  });

  it('an envelope over 12 hours shows the 12-hour message without 開', async () => {
    net({
      '/v1/transfer/snatchRedEnvelope': () => ok({ ...SNATCH_OK, state: -1, msg: EXPIRED_MSG }),
    });
    render(<Room list={[env(1, {})]} />);
    fireEvent.click(card(/未领取/));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(EXPIRED_MSG)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '开红包' })).toBeNull();
    await waitFor(() => expect(card(/已过期/)).toBeTruthy());
    expect(callsTo('/v1/transfer/openRedEnvelope')).toHaveLength(0);
  });

  it('already received: the grab shows the earlier share', async () => {
    net({ '/v1/transfer/snatchRedEnvelope': () => ok({ ...SNATCH_OK, state: 2, amount: '8.00' }) });
    render(<Room list={[env(1, {})]} />);
    fireEvent.click(card(/未领取/));
    expect((await screen.findByTestId('envelope-got')).textContent).toContain('8.00元');
    expect(screen.getByText('您已领取过该红包')).toBeTruthy();
  });

  it('a long press opens the message menu and does not grab', async () => {
    // the press is held on a fake clock, moved over MessageItem's LONG_PRESS_MS (1 s) by hand
    useFakeClock();
    const onMenu = vi.fn();
    render(<Room list={[env(1, {})]} onMenu={onMenu} />);
    const target = card(/未领取/).parentElement as HTMLElement;
    fireEvent.pointerDown(target, { button: 0 });
    await passTime(1000);
    await waitFor(() => expect(onMenu).toHaveBeenCalled());
    fireEvent.pointerUp(target);
    fireEvent.click(card(/未领取/));
    await passTime(50);
    expect(callsTo('/v1/transfer/snatchRedEnvelope')).toHaveLength(0);
  });

  it('guests get the register notice and grab nothing', async () => {
    const register = vi.fn();
    render(<Room list={[env(1, {})]} guest={register} />);
    fireEvent.click(card(/未领取/));
    const notice = await screen.findByRole('dialog', { name: '游客不能抢红包，请先注册' });
    fireEvent.click(within(notice).getByRole('button', { name: '注册' }));
    await waitFor(() => expect(register).toHaveBeenCalled());
    expect(callsTo('/v1/transfer/snatchRedEnvelope')).toHaveLength(0);
  });
});

describe('detail and my records', () => {
  const DETAIL = {
    amount: '6.00',
    total: 2,
    numTotal: 2,
    amountTotal: '10.00',
    receiveAmount: '10.00',
    receiveNum: 2,
    type: 2,
    wishingRemark: '恭喜发财',
    senderName: 'se***1',
    senderAvatar: '',
    state: 5,
    rows: [
      {
        userName: 'pl***1',
        avatar: '',
        dispatchType: 2,
        receiveTime: '2026-11-24 10:01:02',
        amount: '6.00',
        isBest: 1,
      },
      {
        userName: 'pl***2',
        avatar: '',
        dispatchType: 2,
        receiveTime: '2026-11-24 10:01:05',
        amount: '4.00',
        isBest: 0,
      },
    ],
  };
  it('lists who got how much with the best luck, and leads to my records with their totals', async () => {
    net({
      '/v1/transfer/snatchRedEnvelope': () => ok({ ...SNATCH_OK, state: 2, amount: '6.00' }),
      '/v1/transfer/queryReceiveRedEnvelope': () => ok(DETAIL),
      '/v1/transfer/queryFrontReceiveRedEnvelopeByUserid': () =>
        ok({
          total: 2,
          receivedTotal: '6.00',
          sentTotal: '20.00',
          list: [
            {
              recordId: RID(1),
              kind: 'received',
              amount: '6.00',
              wishingRemark: '恭喜发财',
              time: '2026-11-24 10:01:02',
              senderName: 'se***1',
              roomCode: 'r1',
              roomTitle: '大厅',
              type: 2,
              state: 5,
              num: 2,
              receiveNum: 2,
            },
            {
              recordId: RID(9),
              kind: 'sent',
              amount: '20.00',
              wishingRemark: '好运',
              time: '2026-11-23 09:00:00',
              senderName: 'me',
              roomCode: 'r1',
              roomTitle: '大厅',
              type: 1,
              state: 4,
              num: 4,
              receiveNum: 1,
            },
          ],
        }),
    });
    render(<Room list={[env(1, {})]} />);
    fireEvent.click(card(/未领取/));
    fireEvent.click(await screen.findByRole('button', { name: '查看领取详情 ›' }));
    const rows = await screen.findByRole('list', { name: '领取记录' });
    expect(within(rows).getAllByRole('listitem')).toHaveLength(2);
    expect(within(rows).getAllByRole('listitem')[0]?.textContent).toMatch(
      /pl\*\*\*1.*2026-11-24 10:01:02.*6\.00元.*手气最佳/,
    );
    expect(within(rows).getAllByRole('listitem')[1]?.textContent).not.toContain('手气最佳');
    expect(screen.getByTestId('detail-summary')?.textContent).toContain(
      '已领取2/2个，共10.00/10.00元',
    );
    expect(
      Object.fromEntries(callsTo('/v1/transfer/queryReceiveRedEnvelope')[0]!.query),
    ).toMatchObject({ recordId: RID(1), pageNum: '1', roomCode: 'r1' });

    fireEvent.click(screen.getByRole('button', { name: '我的红包' }));
    expect((await screen.findByTestId('records-received')).textContent).toContain('6.00元');
    expect(screen.getByTestId('records-sent')?.textContent).toContain('20.00元');
    const q = Object.fromEntries(
      callsTo('/v1/transfer/queryFrontReceiveRedEnvelopeByUserid')[0]!.query,
    );
    expect(Date.parse(q.endTime!) - Date.parse(q.startTime!)).toBe(6 * 86_400_000);
    fireEvent.click(screen.getByRole('button', { name: '发出的' }));
    const list = screen.getByRole('list', { name: '红包记录' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list?.textContent).toMatch(/1\/4个 · 已退回/);
  });
});
