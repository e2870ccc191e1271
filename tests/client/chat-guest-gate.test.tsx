/**
 * A guest in a password room (issue 23 item 5): the page asks for the password with the members'
 * gate before history or the socket, a refusal shows the server's message in the gate, a right
 * password opens the room with its md5 for the socket; a room the guest already gave it (the
 * server says needPassword 0) opens at once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  act,
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
} from '@testing-library/react';
import ChatGuestPage from '../../src/client/features/chat/pages/ChatGuestPage';
import { useGuestGate } from '../../src/client/features/chat/useGuestGate';
import { roomPasswordHash } from '../../src/domain/chat/password';
import { EMPTY_PASSWORD_MD5 } from '../../src/domain/chat/constants';
import { callsTo, ok, refuse, stubNetwork } from './records-net';

const ROOM = {
  roomCode: '1001',
  title: '密码房',
  subTitle: '',
  messageLength: 200,
  registerLink: '',
  guestChat: 0,
  userId: '',
  nickname: '',
  bannedMessage: '',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the guest password gate', () => {
  it('asks first, shows a refusal, and opens with the right password', async () => {
    let right = false;
    stubNetwork({
      '/v1/chat/getRoomWebGuest': () => ok({ ...ROOM, isPassword: 1, needPassword: right ? 0 : 1 }),
      '/v1/chat/checkPasswordGuest': (c) =>
        c.body.get('password') === roomPasswordHash('2580') ? ok(null) : refuse('房间密码错误'),
    });
    const { result } = renderHook(() => useGuestGate('1001', 'code1234'));
    await waitFor(() =>
      expect(result.current.gate).toEqual({ step: 'password', error: '', checking: false }),
    );
    expect(callsTo('/v1/chat/getMessageListWebGuest')).toHaveLength(0);

    await act(() => result.current.submit('1111'));
    expect(result.current.gate).toEqual({
      step: 'password',
      error: '房间密码错误',
      checking: false,
    });
    right = true;
    await act(() => result.current.submit('2580'));
    expect(result.current.gate).toEqual({ step: 'open', password: roomPasswordHash('2580') });
    const sent = callsTo('/v1/chat/checkPasswordGuest').at(-1)!.body;
    expect([sent.get('roomCode'), sent.get('guestCode')]).toEqual(['1001', 'code1234']);
  });

  it('opens at once where the guest needs no password', async () => {
    stubNetwork({
      '/v1/chat/getRoomWebGuest': () => ok({ ...ROOM, isPassword: 1, needPassword: 0 }),
    });
    const { result } = renderHook(() => useGuestGate('1001', 'code1234'));
    await waitFor(() =>
      expect(result.current.gate).toEqual({ step: 'open', password: EMPTY_PASSWORD_MD5 }),
    );
    expect(callsTo('/v1/chat/checkPasswordGuest')).toHaveLength(0);
  });
});

describe('the guest page in a password room', () => {
  it('shows the members’ password gate and reads no history before the password', async () => {
    stubNetwork({
      '/v1/chat/getRoomWebGuest': () => ok({ ...ROOM, isPassword: 1, needPassword: 1 }),
      '/v1/chat/checkPasswordGuest': () => refuse('密码错误次数过多，请10分钟后再试'),
    });
    history.pushState(null, '', '/chatGuest?roomCode=1001&guestCode=code1234');
    render(<ChatGuestPage />);
    const input = await screen.findByLabelText('房间密码');
    expect(callsTo('/v1/chat/getMessageListWebGuest')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '1234' } });
    expect(await screen.findByText('密码错误次数过多，请10分钟后再试')).toBeTruthy();
    expect(callsTo('/v1/chat/getMessageListWebGuest')).toHaveLength(0);
  });
});
