/**
 * A chat view opened offline (useChatStream with `held`): the newest messages last shown come back,
 * marked as offline content, instead of "network missing"; another user gets none of them. A password
 * room opens offline on its kept setting and remembered password, which stays remembered.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { cachedContentPath } from '../../src/client/api/network';
import { forgetLastAnswers, heldAnswer } from '../../src/client/query/lastAnswers';
import { useChatStream, type StreamSource } from '../../src/client/features/chat/useChatStream';
import type { ChatMessage } from '../../src/client/features/chat/api';
import { useRoomGate } from '../../src/client/features/chat/useRoomGate';
import { rememberedPassword, rememberPassword } from '../../src/client/features/chat/roomPasswords';
import { callsTo, ok, stubNetwork, USER } from './records-net';
import { OTHER, fakeBrowserNetwork, offlineError, setBrowserOnline } from './offline-fixtures';

beforeEach(async () => {
  fakeBrowserNetwork();
  currentUser.value = USER;
  await forgetLastAnswers();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function message(id: number, text: string): ChatMessage {
  return {
    id,
    roomId: 1,
    messageTypeId: 1,
    message: text,
    userId: '9',
    nickname: '小王',
    avatar: '',
    grade: 0,
    nicknameColorId: '',
    messageColorId: '',
    status: 0,
    gmtCreated: '2026-11-28 10:00:00',
  };
}

describe('a chat view offline', () => {
  it('shows the newest messages last shown, marked, when the history finds no network; nothing for another user', async () => {
    window.history.replaceState(null, '', '/chatRoom/r1');
    const held = ['chat', 'history', 'room', 'r1'] as const;
    const first: StreamSource = {
      page: async () => [message(1, '第一条'), message(2, '第二条')],
      socket: null,
      held,
    };
    const a = renderHook(() => useChatStream(first, () => {}));
    await waitFor(() => expect(a.result.current.messages.map((m) => m.id)).toEqual([1, 2]));
    await waitFor(async () => expect(await heldAnswer<ChatMessage[]>(held)).toHaveLength(2));
    a.unmount();

    const offline: StreamSource = {
      page: () => Promise.reject(offlineError()),
      socket: null,
      held,
    };
    const b = renderHook(() => useChatStream(offline, () => {}));
    await waitFor(() =>
      expect(b.result.current.messages.map((m) => m.message)).toEqual(['第一条', '第二条']),
    );
    expect(b.result.current.error).toBe('');
    expect(cachedContentPath.value).toBe('/chatRoom/r1');
    b.unmount();

    currentUser.value = OTHER;
    const c = renderHook(() => useChatStream(offline, () => {}));
    await waitFor(() => expect(c.result.current.error).not.toBe(''));
    expect(c.result.current.messages).toEqual([]);
  });
});

describe('a password room offline', () => {
  it('opens on the setting kept and the remembered password, which is not forgotten for want of a check', async () => {
    const setting = {
      roomCode: 'pw1',
      title: '密码房',
      subTitle: '',
      isPassword: 1,
      isManager: 0,
      bannedMessage: '',
    };
    await rememberPassword(7, 'pw1', 'md5-of-password');
    stubNetwork({
      '/v1/chat/getRoomWeb': () => ok(setting),
      '/v1/chat/checkPassword': () => ok(null),
    });
    const a = renderHook(() => useRoomGate('pw1', 7));
    await waitFor(() =>
      expect(a.result.current.gate).toEqual({ step: 'open', password: 'md5-of-password' }),
    );
    a.unmount();

    setBrowserOnline(false);
    stubNetwork({
      '/v1/chat/getRoomWeb': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const b = renderHook(() => useRoomGate('pw1', 7));
    await waitFor(() =>
      expect(b.result.current.gate).toEqual({ step: 'open', password: 'md5-of-password' }),
    );
    expect(b.result.current.room?.title).toBe('密码房');
    expect(callsTo('/v1/chat/checkPassword')).toHaveLength(0); // a change is never sent offline
    expect(await rememberedPassword(7, 'pw1')).toBe('md5-of-password');
  });
});
