/**
 * The room page offers 重新进入 when the socket was ended by push 15 (permissions changed), told by
 * the push code and not by the words of its message (issue 25): a reworded 15 still offers it, and a
 * final refusal whose words say 重新进入 does not.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import ChatRoomPage from '../../src/client/features/chat/pages/ChatRoomPage';
import { currentUser, sessionLoaded } from '../../src/client/state/session';
import { OverlayHost } from '../../src/client/ui';
import { PushCode } from '../../src/domain/chat/push';
import { ok, stubNetwork, USER } from './records-net';
import { FakeSocket } from './chat-fixtures';

const ROOM = {
  roomCode: 'r1',
  title: '大厅',
  subTitle: '',
  avatar: '',
  imageUrl: '',
  content: '',
  isPassword: 0,
  isShowList: 0,
  messageLength: 200,
  registerLink: '',
  isMessageBanned: 0,
  gmtCreated: '2026-11-24 10:00:00',
  isManager: 0,
  isBanned: 0,
  bannedMessage: '',
  grade: [],
  mutedGrades: [],
};

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  currentUser.value = USER;
  sessionLoaded.value = true;
  window.history.replaceState(null, '', '/chatRoom/r1');
  stubNetwork({
    '/v1/chat/getRoomWeb': () => ok(ROOM),
    '/v1/chat/getMessageListWeb': () => ok({ list: [] }),
    '/v1/broadCast/generateKey': () => ok('k'.repeat(43)),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openRoom(): Promise<FakeSocket> {
  render(
    <>
      <ChatRoomPage />
      <OverlayHost />
    </>,
  );
  await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  const s = FakeSocket.all[0]!;
  act(() => {
    s.readyState = 1;
    s.onopen?.();
    s.frame({ code: PushCode.CONNECT_RESULT, success: true, msg: '连接成功', body: {} });
  });
  return s;
}

describe('重新进入', () => {
  it('is offered after push 15, whatever its words', async () => {
    const s = await openRoom();
    act(() => s.frame({ code: PushCode.PERMISSIONS_CHANGED, body: { msg: '您的身份有变化' } }));
    expect(await screen.findByRole('button', { name: '重新进入' })).toBeTruthy();
  });

  it('is not offered after a final refusal that only says 重新进入 in its words', async () => {
    render(
      <>
        <ChatRoomPage />
        <OverlayHost />
      </>,
    );
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    act(() =>
      FakeSocket.all[0]!.frame({
        code: PushCode.CONNECT_RESULT,
        success: false,
        msg: '房间已关闭，请稍后重新进入',
      }),
    );
    expect(await screen.findByText('房间已关闭，请稍后重新进入')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重新进入' })).toBeNull();
  });
});
