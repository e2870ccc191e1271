/**
 * A guest's calls (docs/chat.md "Guests"): the room as a guest sees it (with the issued guest
 * identity when the room allows guest chat), sending text and pictures with the guest code, and
 * withdrawing the guest's own messages.
 */
import { request } from '../../api/request';
import type { ChatMessage, UploadedImage } from './api';

const inline = { inline: true } as const;
const C = '/v1/chat';

export interface GuestRoom {
  roomCode: string;
  title: string;
  subTitle: string;
  messageLength: number;
  registerLink: string;
  /** 1 when the operator lets guests speak (游客可发言) */
  guestChat: number;
  /** the guest's own id (`g12`) and masked name; '' when guests may not speak */
  userId: string;
  nickname: string;
  /** why the guest may not speak now ('' when it may) */
  bannedMessage: string;
  /** 1 in a password room until this guest gave its current password (checkPasswordGuest) */
  needPassword: number;
}

/** A room a visitor may open from /chatRoom: its guest link's code and whether guests may speak. */
export interface GuestRoomItem {
  roomCode: string;
  title: string;
  subTitle: string;
  avatar: string;
  isPassword: number | boolean;
  guestCode: string;
  guestChat: number;
}
export const getGuestRoomList = () =>
  request<{ list: GuestRoomItem[] }>('GET', `${C}/getGuestRoomList`, undefined, inline);
/** The address of a room's guest page (the link the operator hands out). */
export const guestRoomPath = (roomCode: string, guestCode: string) =>
  `/chatGuest?roomCode=${encodeURIComponent(roomCode)}&guestCode=${encodeURIComponent(guestCode)}`;

export const getGuestRoom = (roomCode: string, guestCode: string) =>
  request<GuestRoom>('GET', `${C}/getRoomWebGuest`, { roomCode, guestCode }, inline);
/** the room password (md5 of the 4 digits), remembered by the server for this guest's identity */
export const checkPasswordGuest = (roomCode: string, guestCode: string, password: string) =>
  request<null>('POST', `${C}/checkPasswordGuest`, { roomCode, guestCode, password }, inline);
export const addMessageGuest = (roomCode: string, guestCode: string, message: string) =>
  request<ChatMessage>(
    'POST',
    `${C}/addMessageGuest`,
    { roomCode, guestCode, messageTypeId: 1, message, status: 0, userIds: '' },
    inline,
  );
export const addImageGuest = (
  roomCode: string,
  guestCode: string,
  img: { imgPath: string; thumbPath: string },
) =>
  request<ChatMessage>(
    'POST',
    `${C}/addImageGuest`,
    { roomCode, guestCode, messageTypeId: 2, message: JSON.stringify(img), status: 0, userIds: '' },
    inline,
  );
/** withdraws the guest's own message (pushed 3/5 like a member's) */
export const withdrawMessageGuest = (roomCode: string, guestCode: string, id: number) =>
  request<null>('POST', `${C}/updateMessageStateGuest`, { roomCode, guestCode, id }, inline);
export const uploadChatFileGuest =
  (roomCode: string, guestCode: string) => (file: Blob, name: string) => {
    const form = new FormData();
    form.append('roomCode', roomCode);
    form.append('guestCode', guestCode);
    form.append('file', file, name);
    return request<UploadedImage>('POST', '/v1/files/uploadChatFileGuest', undefined, {
      inline: true,
      upload: form,
      timeoutMs: 60_000,
    });
  };
