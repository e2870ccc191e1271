/**
 * Room passwords the user got right, remembered in IndexedDB (spec 001 §4: a remembered room is
 * entered automatically; a refusal forgets it). Only the md5 is kept, keyed by user and room.
 */
import { put, read, remove, roomPasswordStore } from '../../storage/stores';

const key = (userId: number, roomCode: string) => `${userId}:${roomCode}`;
export const rememberedPassword = (userId: number, roomCode: string) =>
  read<string>(roomPasswordStore, key(userId, roomCode));
export const rememberPassword = (userId: number, roomCode: string, md5: string) =>
  put(roomPasswordStore, key(userId, roomCode), md5).catch(() => {});
export const forgetPassword = (userId: number, roomCode: string) =>
  remove(roomPasswordStore, key(userId, roomCode));
