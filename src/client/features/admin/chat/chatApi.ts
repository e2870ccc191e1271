/**
 * The operator's chat rooms (docs/chat.md "Operator": /v1/admin/chat/...) and, since the operator
 * manages every public room, the room's mute calls under /v1/chat/ (docs/chat.md "Muting").
 * Room images go through the site's image upload (re-encoded on the server, served from /uploads/).
 */
import { request, type Params } from '../../../api/request';

export interface AdminRoom {
  id: number;
  roomCode: string;
  title: string;
  subTitle: string;
  avatar: string;
  imageUrl: string;
  intro: string;
  isPassword: 0 | 1;
  isShowList: 0 | 1;
  messageLength: number;
  registerLink: string;
  guestCode: string;
  guestChat: 0 | 1;
  allowedGrades: number[];
  mutedGrades: number[];
  isMessageBanned: 0 | 1;
  managers: string[];
  sort: number;
  gmtCreated: string;
}
/** One current mute of a room (getBanListFront). */
export interface RoomBan {
  id: number;
  target: string;
  userName: string;
  nickname: string;
  durationTypeId: number;
  gmtModified: string;
  isBan: 1;
}

const I = { inline: true } as const;
const A = '/v1/admin/chat';
/** mutes shown per page in the panel */
export const BAN_PAGE_SIZE = 10;

export const listRooms = () => request<{ list: AdminRoom[] }>('GET', `${A}/rooms`, undefined, I);
/** Fields left out keep their value on an update (`id` given). */
export const saveRoom = (p: Params) => request<{ id: number }>('POST', `${A}/rooms/save`, p, I);
export const deleteRoom = (id: number) => request<null>('POST', `${A}/rooms/delete`, { id }, I);

export const uploadRoomImage = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return request<{ url: string }>('POST', '/v1/users/uploadImage', undefined, {
    ...I,
    upload: form,
    timeoutMs: 60_000,
  });
};

export const listBans = (roomCode: string, pageNum: number, target: string) =>
  request<{ list: RoomBan[]; total: number }>(
    'GET',
    '/v1/chat/getBanListFront',
    { roomCode, pageNum, pageSize: BAN_PAGE_SIZE, target: target || undefined },
    I,
  );
export const deleteBans = (roomCode: string, ids: number[]) =>
  request<{ deleted: number }>(
    'POST',
    '/v1/chat/deleteBanFront',
    { roomCode, ids: ids.join(',') },
    I,
  );
export const setRoomBanned = (roomCode: string, banned: boolean) =>
  request<null>(
    'POST',
    '/v1/chat/updateRoomBannedWeb',
    { roomCode, isMessageBanned: banned ? 1 : 0 },
    I,
  );
