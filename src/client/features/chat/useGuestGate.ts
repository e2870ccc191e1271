/**
 * A guest entering a room: its setting (getRoomWebGuest), then in a password room the member's
 * password gate (spec 001 §4), checked with checkPasswordGuest. The server remembers a right
 * password for the guest's identity (its cookie) and says so in `needPassword`, so nothing is kept
 * on the device. History and the socket wait until the gate is open.
 */
import { useCallback, useEffect, useState } from 'react';
import { checkPasswordGuest, getGuestRoom, type GuestRoom } from './guestApi';
import type { Gate } from './useRoomGate';
import { roomPasswordHash } from '../../../domain/chat/password';
import { EMPTY_PASSWORD_MD5 } from '../../../domain/chat/constants';

const failed = (e: unknown, fallback: string) => (e instanceof Error ? e.message : fallback);

export function useGuestGate(roomCode: string, guestCode: string) {
  const [room, setRoom] = useState<GuestRoom | null>(null);
  const [gate, setGate] = useState<Gate>({ step: 'loading' });

  useEffect(() => {
    if (!roomCode || !guestCode) return;
    let live = true;
    getGuestRoom(roomCode, guestCode).then(
      (r) => {
        if (!live) return;
        setRoom(r);
        setGate(
          r.needPassword === 1
            ? { step: 'password', error: '', checking: false }
            : { step: 'open', password: EMPTY_PASSWORD_MD5 },
        );
      },
      (e: unknown) => {
        if (live) setGate({ step: 'error', msg: failed(e, '加载失败') });
      },
    );
    return () => {
      live = false;
    };
  }, [roomCode, guestCode]);

  /** four digits typed: a right password opens the room, a refusal shows its message in the gate */
  const submit = useCallback(
    async (digits: string) => {
      const md5 = roomPasswordHash(digits);
      setGate({ step: 'password', error: '', checking: true });
      try {
        await checkPasswordGuest(roomCode, guestCode, md5);
        setGate({ step: 'open', password: md5 });
      } catch (e) {
        setGate({ step: 'password', error: failed(e, '房间密码错误'), checking: false });
      }
    },
    [roomCode, guestCode],
  );

  /** the setting again (the socket opened, a mute or switch push): whether the guest may speak */
  const refreshRoom = useCallback(() => {
    if (!roomCode || !guestCode) return;
    getGuestRoom(roomCode, guestCode).then(setRoom, () => setRoom(null));
  }, [roomCode, guestCode]);
  return { room, gate, submit, refreshRoom };
}
