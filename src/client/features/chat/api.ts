/** Typed calls of the chat (docs/chat.md): rooms, history, sending, private rooms, members, mutes, images. */
import { request } from '../../api/request';
import { FIRST_PAGE_SIZE, PAGE_SIZE, ROOM_PAGE_SIZE } from '../../../domain/chat/constants';

const inline = { inline: true } as const;
const C = '/v1/chat';

export interface ChatMessage {
  id: number;
  roomId: number;
  messageTypeId: number;
  message: string;
  userId: string;
  nickname: string;
  avatar: string;
  grade: number;
  nicknameColorId: string;
  messageColorId: string;
  status: number;
  gmtCreated: string;
  /** set on this page when the message was withdrawn while shown: its place says so (…撤回了一条消息) */
  withdrawn?: boolean;
}
export interface RoomItem {
  roomCode: string;
  title: string;
  subTitle: string;
  avatar: string;
  grade: number[];
  isPassword: number | boolean;
  banned: number | boolean;
  isMessageBanned: number | boolean;
}
export interface RoomSetting {
  roomCode: string;
  title: string;
  subTitle: string;
  avatar: string;
  imageUrl: string;
  content: string;
  isPassword: number | boolean;
  isShowList: number | boolean;
  messageLength: number;
  registerLink: string;
  isMessageBanned: number | boolean;
  gmtCreated: string;
  isManager: number | boolean;
  isBanned: number | boolean;
  bannedMessage: string;
  grade: number[];
  mutedGrades: number[];
}
export interface DirectRoom {
  roomId: number;
  userId: string | number;
  userName: string;
  avatar: string;
  subTitle: string;
  latestMessageId: number | null;
  messageReadId: number | null;
  unread: number | boolean;
  gmtLatestMessageTimestamp: number | null;
  gmtLatestMessage: string;
}
export interface OnlineMember {
  userId: string | number;
  roleUserName: string;
  avatar: string;
  isManager: number | boolean;
}
export interface PlayerInfo {
  userId: string | number;
  userName: string;
  nickName: string;
  avatar: string;
  sex: number;
  playedLottery: string;
  totalBonus: string | number;
}
export interface RoleCard {
  userId: string | number;
  nickname: string;
  avatar: string;
  grade: number;
  isManager: number | boolean;
  isBanned: number | boolean;
  durationTypeId: number;
  banId?: number;
}
export interface UploadedImage {
  imgPath: string;
  thumbPath: string;
  width: number;
  height: number;
}
export interface SavedImage {
  id: number;
  imgPath: string;
  thumbPath: string;
}
interface List<T> {
  list: T[];
  total: number;
}

export const getRoomList = (pageNum: number) =>
  request<List<RoomItem>>('GET', `${C}/getRoomList`, { pageNum, pageSize: ROOM_PAGE_SIZE }, inline);
export const getRoom = (roomCode: string) =>
  request<RoomSetting>('GET', `${C}/getRoomWeb`, { roomCode, api: '/chat' }, inline);
export const checkPassword = (roomCode: string, password: string) =>
  request<null>('POST', `${C}/checkPassword`, { roomCode, password }, inline);

/** `beforeId` absent: the newest page (5), else the page just older (20). */
export const getHistory = (roomCode: string, beforeId?: number) =>
  request<{ list: ChatMessage[] }>(
    'GET',
    `${C}/getMessageListWeb`,
    { roomCode, id: beforeId, pageSize: beforeId ? PAGE_SIZE : FIRST_PAGE_SIZE },
    inline,
  );
export const getGuestHistory = (roomCode: string, guestCode: string, beforeId?: number) =>
  request<{ list: ChatMessage[]; registerLink: string }>(
    'GET',
    `${C}/getMessageListWebGuest`,
    { roomCode, guestCode, id: beforeId, pageSize: beforeId ? PAGE_SIZE : FIRST_PAGE_SIZE },
    inline,
  );

export const addMessage = (roomCode: string, message: string, status: 0 | 1, userIds: string) =>
  request<ChatMessage>(
    'POST',
    `${C}/addMessage`,
    { roomCode, messageTypeId: 1, message, status, userIds },
    inline,
  );
export const addImage = (roomCode: string, img: { imgPath: string; thumbPath: string }) =>
  request<ChatMessage>(
    'POST',
    `${C}/addImage`,
    { roomCode, messageTypeId: 2, message: JSON.stringify(img), status: 0, userIds: '' },
    inline,
  );
export const withdrawMessage = (roomCode: string, id: number) =>
  request<null>('POST', `${C}/updateMessageStateFront`, { roomCode, id }, inline);

export const getOnline = (roomCode: string, userName = '', pageSize = 100) =>
  request<List<OnlineMember>>(
    'GET',
    `${C}/getOnlineMemberList`,
    { roomCode, userName: userName || undefined, pageNum: 1, pageSize },
    inline,
  );

export const getDirectRooms = (pageNum: number) =>
  request<List<DirectRoom>>(
    'GET',
    `${C}/getDirectRoomListWeb`,
    { pageNum, pageSize: ROOM_PAGE_SIZE },
    inline,
  );
export const openDirectRoom = (by: { roomId: number } | { targetUserId: string | number }) =>
  request<DirectRoom>('GET', `${C}/getDirectRoomWeb`, by, inline);
export const getDirectHistory = (roomId: number, beforeId?: number) =>
  request<{ list: ChatMessage[] }>(
    'GET',
    `${C}/getDirectMessageListWeb`,
    { roomId, id: beforeId, pageSize: beforeId ? PAGE_SIZE : FIRST_PAGE_SIZE },
    inline,
  );
export const addDirectMessage = (roomId: number, messageTypeId: 1 | 2, message: string) =>
  request<ChatMessage>('POST', `${C}/addDirectMessage`, { roomId, messageTypeId, message }, inline);
export const setDirectRead = (roomId: number, id: number) =>
  request<{ messageReadId: number }>(
    'POST',
    `${C}/setDirectMessageReadWeb`,
    { roomId, id },
    inline,
  );
export const recallDirect = (roomId: number, id: number) =>
  request<null>('POST', `${C}/recallDirectMessageWeb`, { roomId, id }, inline);

export const getPlayerInfo = (userId: string | number) =>
  request<PlayerInfo>('GET', `${C}/playerInfo`, { userId }, inline);
export const getRoleCard = (userId: string | number, roomCode: string) =>
  request<RoleCard>('GET', `${C}/getRoleUserCardFront`, { userId, roomCode }, inline);
export const getRemark = (targetUserId: string | number) =>
  request<{ remark: string }>('GET', `${C}/getMemberRemark`, { targetUserId }, inline);
export const setRemark = (targetUserId: string | number, remark: string) =>
  request<null>('POST', `${C}/setMemberRemark`, { targetUserId, remark }, inline);

export const addBan = (
  roomCode: string,
  target: string | number,
  durationTypeId: number,
  nickName: string,
) =>
  request<null>('POST', `${C}/addBanFront`, { roomCode, target, durationTypeId, nickName }, inline);
/** changes (or lifts, with 6) an existing mute through its record */
export const updateBan = (roomCode: string, id: number, durationTypeId: number) =>
  request<null>('POST', `${C}/updateBanFront`, { roomCode, id, durationTypeId }, inline);
export const setRoomBanned = (roomCode: string, on: boolean) =>
  request<null>(
    'POST',
    `${C}/updateRoomBannedWeb`,
    { roomCode, isMessageBanned: on ? 1 : 0 },
    inline,
  );

/** `favorite`: the picture is saved too (the field goes before the file, as the server reads it first). */
export const uploadChatFile = (file: Blob, name: string, favorite = false) => {
  const form = new FormData();
  if (favorite) form.append('isFavorite', '1');
  form.append('file', file, name);
  return request<UploadedImage>('POST', '/v1/files/uploadChatFile', undefined, {
    inline: true,
    upload: form,
    timeoutMs: 60_000,
  });
};
export const addSavedImage = (imgPath: string) =>
  request<null>('POST', `${C}/addSavedImage`, { imgPath }, inline);
export const deleteSavedImages = (ids: number[]) =>
  request<{ deleted: number }>('POST', `${C}/deleteSavedImage`, { ids: ids.join(',') }, inline);
export const getSavedImages = () =>
  request<List<SavedImage>>('GET', `${C}/getSavedImageList`, { pageNum: 1, pageSize: 40 }, inline);

export const getChatKey = (guestCode?: string) =>
  request<string>('GET', '/v1/broadCast/generateKey', guestCode ? { guestCode } : undefined, {
    quiet: true,
  });

export const truthy = (v: number | boolean | null | undefined) =>
  v === true || (typeof v === 'number' && v !== 0);

export interface BanRecord {
  id: number;
  target: string | number;
  userName: string;
  nickname: string;
  durationTypeId: number;
  gmtModified: string;
  isBan: number;
}
export const getBanList = (roomCode: string, target = '') =>
  request<List<BanRecord>>(
    'GET',
    `${C}/getBanListFront`,
    { roomCode, pageNum: 1, pageSize: 10, target: target || undefined },
    inline,
  );
export const getBan = (roomCode: string, userName: string) =>
  request<BanRecord>('GET', `${C}/getBanFront`, { roomCode, target: userName }, inline);
export const deleteBans = (roomCode: string, ids: number[]) =>
  request<{ deleted: number }>(
    'POST',
    `${C}/deleteBanFront`,
    { roomCode, ids: ids.join(',') },
    inline,
  );
