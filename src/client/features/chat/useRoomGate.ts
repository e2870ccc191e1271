/**
 * Entering a public room: its setting (getRoomWeb), then the password gate for a password room
 * (a remembered md5 is tried first; a wrong one is forgotten and the gate shown again), spec 001 §4.
 * `password` is the md5 the socket carries once the room is open.
 */
import { useCallback, useEffect, useState } from 'react';
import { checkPassword, getRoom, truthy, type RoomSetting } from './api';
import { forgetPassword, rememberedPassword, rememberPassword } from './roomPasswords';
import { roomPasswordHash } from '../../../domain/chat/password';
import { EMPTY_PASSWORD_MD5 } from '../../../domain/chat/constants';
import { isOfflineError } from '../../api/request';
import { keys, withLastAnswer } from '../../query';

export type Gate =
  | { step: 'loading' }
  | { step: 'error'; msg: string }
  | { step: 'password'; error: string; checking: boolean }
  | { step: 'open'; password: string };

export function useRoomGate(roomCode: string, userId: number | null) {
  const [room, setRoom] = useState<RoomSetting | null>(null);
  const [gate, setGate] = useState<Gate>({ step: 'loading' });
  const [tick, setTick] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick starts over (retry, re-enter)
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    setGate({ step: 'loading' });
    (async () => {
      // the setting kept for offline: a room read before opens without the network (its messages too)
      const r = await withLastAnswer(keys.chatRoom(roomCode), () => getRoom(roomCode));
      if (!live) return;
      setRoom(r);
      if (!truthy(r.isPassword) || truthy(r.isManager)) {
        setGate({ step: 'open', password: EMPTY_PASSWORD_MD5 });
        return;
      }
      const saved = await rememberedPassword(userId, roomCode).catch(() => undefined);
      if (saved) {
        try {
          await checkPassword(roomCode, saved);
          if (live) setGate({ step: 'open', password: saved });
          return;
        } catch (e) {
          // offline nothing was checked: the remembered password stays, and the room opens on what is
          // kept (the socket carries the password, and the server checks it, once the network is back)
          if (isOfflineError(e)) {
            if (live) setGate({ step: 'open', password: saved });
            return;
          }
          await forgetPassword(userId, roomCode).catch(() => {});
        }
      }
      if (live) setGate({ step: 'password', error: '', checking: false });
    })().catch((e: unknown) => {
      if (live) setGate({ step: 'error', msg: e instanceof Error ? e.message : '加载失败' });
    });
    return () => {
      live = false;
    };
  }, [roomCode, userId, tick]);

  const submit = useCallback(
    async (digits: string) => {
      if (userId === null) return;
      const md5 = roomPasswordHash(digits);
      setGate({ step: 'password', error: '', checking: true });
      try {
        await checkPassword(roomCode, md5);
        await rememberPassword(userId, roomCode, md5);
        setGate({ step: 'open', password: md5 });
      } catch (e) {
        await forgetPassword(userId, roomCode).catch(() => {});
        setGate({
          step: 'password',
          error: e instanceof Error ? e.message : '房间密码错误',
          checking: false,
        });
      }
    },
    [roomCode, userId],
  );

  /** the setting again (after a mute push): the reason the input shows */
  const refreshRoom = useCallback(() => {
    withLastAnswer(keys.chatRoom(roomCode), () => getRoom(roomCode)).then(setRoom, () => {});
  }, [roomCode]);
  return { room, setRoom, gate, submit, refreshRoom, retry: () => setTick((n) => n + 1) };
}
