/**
 * The chat lists' timing rules (spec 001 §4, §9): the private chats end at a page of fewer than 20
 * (whatever the total says) and 加载更多 comes back 600 ms after a page; the online-member search
 * asks 600 ms after typing stops (the first load at once); paging up the history is throttled to
 * one page a second.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { act, renderHook } from '@testing-library/react';
import { useChatStream, type StreamSource } from '../../src/client/features/chat/useChatStream';
import type { ChatMessage } from '../../src/client/features/chat/api';
import { DirectList } from '../../src/client/features/chat/components/DirectList';
import { MemberSheet } from '../../src/client/features/chat/components/MemberSheet';
import { callsTo, ok, stubNetwork } from './records-net';
import { passTime, useFakeClock } from './clock-fixtures';

beforeEach(() => {
  useFakeClock();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const room = (i: number) => ({
  roomId: i,
  userId: String(100 + i),
  userName: `ma***${i}`,
  avatar: '',
  subTitle: `m${i}`,
  latestMessageId: i,
  messageReadId: i,
  unread: 0,
  gmtLatestMessageTimestamp: 0,
  gmtLatestMessage: '',
  banned: 0,
  isMessageBanned: 0,
});

describe('private chat list loading', () => {
  it('waits 600 ms after a page before loading more, and ends at a page of fewer than 20', async () => {
    // the total claims more than there are: the short third page still ends the list
    const sizes = [20, 20, 7];
    stubNetwork({
      '/v1/chat/getDirectRoomListWeb': (c) => {
        const page = Number(c.query.get('pageNum'));
        return ok({
          list: Array.from({ length: sizes[page - 1] ?? 0 }, (_, i) =>
            room((page - 1) * 20 + i + 1),
          ),
          total: 100,
        });
      },
    });
    render(<DirectList />);
    const more = await screen.findByRole('button', { name: /加载更多/ });
    expect(screen.getAllByRole('link')).toHaveLength(20);
    fireEvent.click(more);
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(40));
    // the page is in: loading more stays off for 600 ms
    expect((screen.getByRole('button', { name: /加载更多/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: /加载更多/ }));
    await passTime(300);
    expect(callsTo('/v1/chat/getDirectRoomListWeb')).toHaveLength(2);
    expect((screen.getByRole('button', { name: /加载更多/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await passTime(300);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: /加载更多/ }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: /加载更多/ }));
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(47));
    expect(screen.getByText('已显示全部私聊')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /加载更多/ })).toBeNull();
  });

  it('a first page of fewer than 20 is the whole list', async () => {
    stubNetwork({
      '/v1/chat/getDirectRoomListWeb': () => ok({ list: [room(1), room(2)], total: 30 }),
    });
    render(<DirectList />);
    await screen.findByText('已显示全部私聊');
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });
});

describe('online member search', () => {
  it('loads at once, then searches 600 ms after typing stops', async () => {
    stubNetwork({ '/v1/chat/getOnlineMemberList': () => ok({ list: [], total: 0 }) });
    render(
      <MemberSheet
        open
        roomCode="r1"
        manager={false}
        myId={7}
        onPick={() => {}}
        onCard={() => {}}
        onClose={() => {}}
      />,
    );
    await waitFor(() => expect(callsTo('/v1/chat/getOnlineMemberList')).toHaveLength(1));
    const box = screen.getByRole('searchbox', { name: '搜索成员' });
    fireEvent.change(box, { target: { value: 'a' } });
    await passTime(300);
    fireEvent.change(box, { target: { value: 'ab' } });
    await passTime(450);
    // 750 ms after the first key, 450 ms after the last: nothing asked yet
    expect(callsTo('/v1/chat/getOnlineMemberList')).toHaveLength(1);
    await passTime(150);
    await waitFor(() => expect(callsTo('/v1/chat/getOnlineMemberList')).toHaveLength(2));
    expect(callsTo('/v1/chat/getOnlineMemberList')[1]!.query.get('userName')).toBe('ab');
  });
});

describe('history paging up', () => {
  it('asks for at most one older page a second', async () => {
    const msg = (id: number): ChatMessage => ({
      id,
      roomId: 1,
      messageTypeId: 1,
      message: `m${id}`,
      userId: '9',
      nickname: 'x',
      avatar: '',
      grade: 0,
      nicknameColorId: '',
      messageColorId: '',
      status: 0,
      gmtCreated: '2026-11-24 10:00:00',
    });
    const asked: (number | undefined)[] = [];
    const source: StreamSource = {
      socket: null,
      page: async (before) => {
        asked.push(before);
        const top = before ?? 1001;
        const size = before === undefined ? 5 : 20;
        return Array.from({ length: size }, (_, i) => msg(top - size + i));
      },
    };
    const h = renderHook(() => useChatStream(source, () => {}));
    await waitFor(() => expect(h.result.current.messages).toHaveLength(5));
    await act(() => h.result.current.loadOlder());
    await act(() => h.result.current.loadOlder());
    await act(() => h.result.current.loadOlder());
    expect(asked).toEqual([undefined, 996]);
    await passTime(1050);
    await act(() => h.result.current.loadOlder());
    expect(asked).toEqual([undefined, 996, 976]);
    expect(h.result.current.messages).toHaveLength(45);
  });
});
