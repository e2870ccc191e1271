/**
 * The chat client's own rules (issue 12): the message list merged by id (never a duplicate, always
 * in id order, at most 200), time dividers at gaps of 60 s that leave with their message, mentions,
 * user text never becoming HTML, and the live socket's state machine (lastId on every connect,
 * heartbeat replies, 2 s reconnect, 5 retries at 1 s, short refusals final).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Composer, type ComposerProps } from '../../src/client/features/chat/components/Composer';
import {
  beijingMs,
  markWithdrawn,
  MAX_IN_VIEW,
  mergeMessages,
  removeMessage,
  withDividers,
  withdrawnText,
} from '../../src/client/features/chat/messages';
import {
  backspaceMention,
  insertMention,
  mentionFields,
} from '../../src/client/features/chat/mentions';
import {
  ChatSocket,
  CONNECT_FAILED_MSG,
  socketUrl,
  type SocketStatus,
} from '../../src/client/features/chat/socket';
import { MessageItem } from '../../src/client/features/chat/components/MessageItem';
import { compressQuality } from '../../src/client/features/chat/image';
import type { ChatMessage } from '../../src/client/features/chat/api';
import { ok, stubNetwork, callsTo, USER } from './records-net';
import { currentUser } from '../../src/client/state/session';
import { RefusalReason, refusalData } from '../../src/domain/errors';
import { PushCode } from '../../src/domain/chat/push';

const msg = (id: number, gmtCreated = '2026-11-24 10:00:00', message = `m${id}`): ChatMessage => ({
  id,
  roomId: 1,
  messageTypeId: 1,
  message,
  userId: '9',
  nickname: 'pl***1',
  avatar: '',
  grade: 1,
  nicknameColorId: '',
  messageColorId: '',
  status: 0,
  gmtCreated,
});

describe('message list', () => {
  it('merges by id: no duplicates, id order, a later copy wins', () => {
    const a = mergeMessages([msg(3), msg(1)], [msg(2), msg(3, undefined, 'again'), msg(1)]);
    expect(a.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(a[2]!.message).toBe('again');
    expect(mergeMessages(a, [])).toBe(a);
  });

  it('keeps at most 200: the newest after live messages, the oldest after an older page', () => {
    const many = Array.from({ length: 250 }, (_, i) => msg(i + 1));
    expect(mergeMessages([], many).map((m) => m.id)).toEqual(many.slice(50).map((m) => m.id));
    expect(mergeMessages([], many, 'oldest').length).toBe(MAX_IN_VIEW);
    expect(mergeMessages([], many, 'oldest')[0]!.id).toBe(1);
  });

  it('puts a divider before the first message and at gaps of 60 s or more; a withdrawn message takes its own', () => {
    const list = [
      msg(1, '2026-11-24 10:00:00'),
      msg(2, '2026-11-24 10:00:59'),
      msg(3, '2026-11-24 10:01:59'),
      msg(4, '2026-11-24 10:05:00'),
    ];
    const now = beijingMs('2026-11-24 12:00:00');
    const kinds = (l: ChatMessage[]) =>
      withDividers(l, now).map((r) => (r.kind === 'divider' ? `|${r.time}` : r.message.id));
    expect(kinds(list)).toEqual(['|10:00', 1, 2, '|10:01', 3, '|10:05', 4]);
    expect(kinds(removeMessage(list, 4))).toEqual(['|10:00', 1, 2, '|10:01', 3]);
    // another day shows the date
    expect(withDividers([msg(5, '2026-11-23 23:59:00')], now)[0]).toMatchObject({
      kind: 'divider',
      time: '11-23 23:59',
    });
  });

  it('a message withdrawn while shown keeps its place as a notice, its content gone', () => {
    const list = [msg(1), msg(2, undefined, 'secret'), msg(3)];
    const after = markWithdrawn(list, 2);
    expect(after.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(after[1]).toMatchObject({ withdrawn: true, message: '' });
    expect(markWithdrawn(list, 99)).toBe(list);
    expect(withdrawnText(after[1]!, false)).toBe('pl***1撤回了一条消息');
    expect(withdrawnText(after[1]!, true)).toBe('你撤回了一条消息');
  });

  it('reads the server times as Beijing', () => {
    expect(beijingMs('2026-11-24 08:00:00')).toBe(Date.UTC(2026, 10, 24, 0, 0, 0));
    expect(Number.isNaN(beijingMs('bad'))).toBe(true);
  });
});

describe('mentions', () => {
  it('maps names still in the text to ids; @全部 only for managers', () => {
    const ms = [
      { name: 'ab***1', userId: '11' },
      { name: 'cd***2', userId: '12' },
      { name: '全部', userId: '' },
    ];
    expect(mentionFields('@ab***1 hi @全部 ', ms, false)).toEqual({ status: 0, userIds: '11' });
    expect(mentionFields('@ab***1 @cd***2 @ab***1 yo @全部 ', ms, true)).toEqual({
      status: 1,
      userIds: '11,12',
    });
    expect(mentionFields('plain', ms, true)).toEqual({ status: 0, userIds: '' });
  });

  it('inserts after a typed @ and removes a whole mention on backspace', () => {
    expect(insertMention('hi @', 'ab***1')).toBe('hi @ab***1 ');
    expect(insertMention('hi', 'ab***1')).toBe('hi @ab***1 ');
    const ms = [{ name: 'ab***1', userId: '11' }];
    expect(backspaceMention('hi @ab***1 ', 11, ms)).toEqual({ text: 'hi ', caret: 3 });
    expect(backspaceMention('hi @ab***1 x', 12, ms)).toBeNull();
  });
});

describe('message rendering', () => {
  afterEach(cleanup);
  it('shows user HTML as text and line breaks as breaks', () => {
    const { container } = render(
      <ul>
        <MessageItem
          m={msg(1, undefined, '<img src=x onerror=alert(1)>\n第二行')}
          mine={false}
          onImage={() => {}}
        />
      </ul>,
    );
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeTruthy();
    expect(container.querySelectorAll('br').length).toBe(1);
  });

  it('shows my own name whole to me; others stay masked as the server sends them', () => {
    currentUser.value = { ...USER, userName: 'player01', nickName: '小明' };
    try {
      render(
        <ul>
          <MessageItem m={{ ...msg(1), nickname: 'pl***1' }} mine onImage={() => {}} />
          <MessageItem
            m={{ ...msg(2), userId: '7', nickname: 'ot***2' }}
            mine={false}
            onImage={() => {}}
          />
        </ul>,
      );
      expect(screen.getByRole('listitem', { name: '小明：m1' })).toBeTruthy();
      expect(screen.getByRole('listitem', { name: 'ot***2：m2' })).toBeTruthy();
      expect(screen.queryByText('pl***1')).toBeNull();
    } finally {
      currentUser.value = null;
    }
  });

  it('compresses larger pictures with a lower quality', () => {
    expect(compressQuality(1_000_000)).toBe(0.7);
    expect(compressQuality(4_194_304)).toBe(0.5);
    expect(compressQuality(50_000_000)).toBe(0.4);
  });
});

class FakeSocket {
  static all: FakeSocket[] = [];
  static OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onmessage: ((ev: { data: string }) => void) | null = null;
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(s: string) {
    this.sent.push(s);
  }
  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  frame(f: unknown) {
    this.onmessage?.({ data: JSON.stringify(f) });
  }
}

describe('live socket', () => {
  let statuses: [SocketStatus, string][];
  let frames: unknown[];
  let last: number | null;
  let sock: ChatSocket;
  const flush = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
    await vi.advanceTimersByTimeAsync(0);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    stubNetwork({ '/v1/broadCast/generateKey': () => ok('k'.repeat(43)) });
    statuses = [];
    frames = [];
    last = 41;
    sock = new ChatSocket({
      type: 1,
      roomId: '00002',
      password: 'p',
      lastId: () => last,
      onFrame: (f) => frames.push(f),
      onStatus: (s, m) => statuses.push([s, m]),
    });
  });
  afterEach(() => {
    sock.stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('builds the platform URL with the last id seen', () => {
    const u = new URL(
      socketUrl({ type: 1, roomId: '00002', password: 'p' }, 'KEY', 41, 'https://x.test'),
    );
    expect(u.protocol).toBe('wss:');
    expect(u.pathname).toBe('/v1/broadCast/chat');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      type: '1',
      key: 'KEY',
      roomId: '00002',
      password: 'p',
      api: '/chat',
      guestCode: '',
      lastId: '41',
    });
    expect(new URL(socketUrl({ type: 7, roomId: '5' }, 'K', null, 'http://x')).search).toBe(
      '?type=7&key=K&roomId=5',
    );
  });

  it('answers heartbeats and reconnects 2 s after a close with a fresh key and the newest id', async () => {
    sock.start();
    await flush();
    const first = FakeSocket.all[0]!;
    expect(new URL(first.url).searchParams.get('lastId')).toBe('41');
    first.open();
    first.frame({ code: 2, success: true, msg: '连接成功', body: {} });
    expect(statuses.at(-1)).toEqual(['open', '']);
    first.frame({ code: 6 });
    expect(first.sent).toEqual(['{"code":9}']);
    last = 57;
    first.close();
    expect(statuses.at(-1)![0]).toBe('retrying');
    await vi.advanceTimersByTimeAsync(1900);
    expect(FakeSocket.all.length).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    await flush();
    expect(FakeSocket.all.length).toBe(2);
    expect(new URL(FakeSocket.all[1]!.url).searchParams.get('lastId')).toBe('57');
    expect(callsTo('/v1/broadCast/generateKey').length).toBe(2);
  });

  it('retries once a second up to 5 times, then says the connection failed', async () => {
    sock.start();
    await flush();
    for (let i = 0; i < 5; i++) {
      FakeSocket.all.at(-1)!.close();
      await vi.advanceTimersByTimeAsync(1000);
      await flush();
    }
    expect(statuses.some(([s, m]) => s === 'failed' && m === CONNECT_FAILED_MSG)).toBe(true);
  });

  it('stops for good on a short refusal and shows it', async () => {
    sock.start();
    await flush();
    const s = FakeSocket.all[0]!;
    s.frame({ code: 2, success: false, msg: '房间密码错误' });
    s.close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(statuses.at(-1)).toEqual(['closed', '房间密码错误']);
    expect(FakeSocket.all.length).toBe(1);
  });

  it('retries a refusal whose reason is a stale key with a fresh key, whatever its text (issue 25)', async () => {
    sock.start();
    await flush();
    FakeSocket.all[0]!.frame({
      code: 2,
      success: false,
      msg: '钥匙旧了',
      body: refusalData(RefusalReason.CHAT_KEY_STALE),
    });
    FakeSocket.all[0]!.close();
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect(statuses.some(([s]) => s === 'closed')).toBe(false);
    expect(FakeSocket.all.length).toBe(2);
    expect(callsTo('/v1/broadCast/generateKey').length).toBe(2);
  });

  it("takes a refusal without that reason as final, even in the stale key's words", async () => {
    sock.start();
    await flush();
    FakeSocket.all[0]!.frame({ code: 2, success: false, msg: '连接已失效，请重新进入' });
    FakeSocket.all[0]!.close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(statuses.at(-1)).toEqual(['closed', '连接已失效，请重新进入']);
    expect(FakeSocket.all.length).toBe(1);
  });

  it('says which push ended the socket for good (15: re-enter the room), whatever its text', async () => {
    const ends: (number | undefined)[] = [];
    const s2 = new ChatSocket({
      type: 1,
      roomId: '00002',
      password: 'p',
      lastId: () => null,
      onFrame: () => {},
      onStatus: (s, _m, by) => {
        if (s === 'closed') ends.push(by);
      },
    });
    s2.start();
    await flush();
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.frame({ code: 2, success: true, msg: '连接成功', body: {} });
    ws.frame({ code: PushCode.PERMISSIONS_CHANGED, body: { msg: '权限有变' } });
    s2.stop();
    expect(ends).toEqual([PushCode.PERMISSIONS_CHANGED]);
  });

  it('replaces a socket left silent while the page was hidden, and never keeps two', async () => {
    sock.start();
    await flush();
    const first = FakeSocket.all[0]!;
    first.open();
    first.frame({ code: 2, success: true, msg: '连接成功', body: {} });
    await vi.advanceTimersByTimeAsync(40_000);
    last = 88;
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(first.readyState).toBe(3);
    expect(FakeSocket.all.length).toBe(2);
    expect(new URL(FakeSocket.all[1]!.url).searchParams.get('lastId')).toBe('88');
    // the closed one plans no reconnect of its own
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeSocket.all.length).toBe(2);
  });
});

describe('message input', () => {
  afterEach(cleanup);
  const setup = (props: Partial<ComposerProps> = {}) => {
    const sent: [string, number, string][] = [];
    const onSend = vi.fn(async (t: string, st: 0 | 1, ids: string) => {
      sent.push([t, st, ids]);
      return true;
    });
    const r = render(
      <Composer
        maxLength={10}
        blocked=""
        manager={false}
        pick={null}
        onSend={onSend}
        onImage={() => {}}
        imageStage=""
        {...props}
      />,
    );
    return {
      sent,
      onSend,
      box: screen.queryByRole('textbox', { name: '消息' }) as HTMLTextAreaElement,
      ...r,
    };
  };

  it('sends on Enter, keeps Ctrl+Enter as a new line, counts against the room limit', async () => {
    const { sent, box } = setup();
    fireEvent.change(box, { target: { value: '你好' } });
    expect(screen.getByText('2/10')).toBeTruthy();
    expect(box.maxLength).toBe(10);
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(box.value).toBe('你好\n');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(sent).toEqual([['你好\n', 0, '']]));
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('refuses a blank message with 内容不能为空 and shows a mute reason instead of the input', async () => {
    const { onSend, box } = setup();
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toBe('');
    cleanup();
    setup({ blocked: '全体禁言中' });
    expect(screen.queryByRole('textbox', { name: '消息' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('全体禁言中');
  });

  it('turns a picked member into a mention with its id', async () => {
    const { sent, box, rerender, onSend } = setup({ maxLength: 50 });
    rerender(
      <Composer
        maxLength={50}
        blocked=""
        manager={false}
        pick={{ name: 'ab***1', userId: '11', n: 1 }}
        onSend={onSend}
        onImage={() => {}}
        imageStage=""
      />,
    );
    await waitFor(() => expect(box.value).toBe('@ab***1 '));
    fireEvent.change(box, { target: { value: '@ab***1 在吗' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(sent).toEqual([['@ab***1 在吗', 0, '11']]));
  });

  it('offers 长龙助手 only where the view gives it (a member in a room), and not to a muted reader', () => {
    const onDragon = vi.fn();
    setup({ onDragon });
    fireEvent.click(screen.getByRole('button', { name: '长龙助手' }));
    expect(onDragon).toHaveBeenCalledTimes(1);
    cleanup();
    setup();
    expect(screen.queryByRole('button', { name: '长龙助手' })).toBeNull();
    cleanup();
    setup({ onDragon, blocked: '您已被永久禁言' });
    expect(screen.queryByRole('button', { name: '长龙助手' })).toBeNull();
  });
});
