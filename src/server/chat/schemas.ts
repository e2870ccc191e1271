/** Request schemas of the chat calls (unknown fields refused). Field labels: domain/validation.ts. */
import { Type, type Static } from '@sinclair/typebox';
import { CredentialHash, Form, RequestId } from '../http/envelope.ts';
import { MAX_PAGE_SIZE, REMARK_MAX_CHARS } from '../../domain/chat/constants.ts';
import { PageNum, PageSize, pageSizeUpTo } from '../http/paging.ts';
import { PlainText } from '../http/schemas.ts';

export const RoomCode = Type.String({ pattern: '^[0-9A-Za-z]{1,16}$', maxLength: 16 });
export const GuestCode = Type.String({ pattern: '^[0-9A-Za-z]{4,32}$', maxLength: 32 });
export const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
/** A page of message history or of the room lists: at most the chat's MAX_PAGE_SIZE (50). */
const ChatPageSize = pageSizeUpTo(MAX_PAGE_SIZE);
/** the page the client is on (`/chat`), sent along by the platform's client; not used */
const Api = Type.Optional(Type.String({ maxLength: 100 }));
/** the raw text or JSON of a message; the type's own rule checks the room's length */
const MessageText = Type.String({ maxLength: 4000 });
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
const IdList = Type.String({ pattern: '^(\\d{1,16}(,\\d{1,16}){0,99})?$', maxLength: 2000 });

export const PagingQuery = Form({
  pageSize: Type.Optional(ChatPageSize),
  pageNum: Type.Optional(PageNum),
});
export const RoomQuery = Form({ roomCode: RoomCode, api: Api });
export const CheckPasswordBody = Form({ roomCode: RoomCode, password: CredentialHash });
export const RoleQuery = Form({
  roomCode: RoomCode,
  userName: Type.Optional(Type.String({ maxLength: 20 })),
});
export const MessageListQuery = Form({
  roomCode: RoomCode,
  id: Type.Optional(Id),
  pageSize: Type.Optional(ChatPageSize),
  roomId: Type.Optional(Type.String({ maxLength: 20 })),
});
export const GuestMessageListQuery = Form({
  roomCode: RoomCode,
  guestCode: GuestCode,
  id: Type.Optional(Id),
  pageSize: Type.Optional(ChatPageSize),
});
export const AddMessageBody = Form({
  roomCode: RoomCode,
  messageTypeId: Type.Integer({ minimum: 1, maximum: 99 }),
  message: MessageText,
  status: Type.Optional(Flag),
  userIds: Type.Optional(IdList),
  /** a red envelope (type 3): the safety password hash and the money action's request id */
  safetyPassword: Type.Optional(CredentialHash),
  requestId: Type.Optional(RequestId),
});
export const RoomMessageBody = Form({ roomCode: RoomCode, id: Id });
export const OnlineQuery = Form({
  roomCode: RoomCode,
  userName: Type.Optional(Type.String({ maxLength: 20 })),
  memberTypeId: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })),
  pageNum: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});

export const DirectRoomQuery = Form({ roomId: Type.Optional(Id), targetUserId: Type.Optional(Id) });
export const DirectMessageListQuery = Form({
  roomId: Id,
  id: Type.Optional(Id),
  pageSize: Type.Optional(ChatPageSize),
});
export const AddDirectMessageBody = Form({
  roomId: Id,
  messageTypeId: Type.Integer({ minimum: 1, maximum: 99 }),
  message: MessageText,
  safetyPassword: Type.Optional(CredentialHash),
  requestId: Type.Optional(RequestId),
});
export const DirectMessageBody = Form({ roomId: Id, id: Id });
export const RemarkQuery = Form({ targetUserId: Id });
export const RemarkBody = Form({ targetUserId: Id, remark: PlainText(REMARK_MAX_CHARS) });

export const BanListQuery = Form({
  roomCode: RoomCode,
  pageNum: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
  target: Type.Optional(Type.String({ maxLength: 20 })),
});
export const BanQuery = Form({
  roomCode: RoomCode,
  target: Type.String({ minLength: 1, maxLength: 20 }),
});
export const AddBanBody = Form({
  roomCode: RoomCode,
  /** a member's user id, or a guest's `g<id>` (guest chat) */
  target: Type.String({ pattern: '^g?[1-9]\\d{0,15}$', maxLength: 17 }),
  durationTypeId: Type.Integer({ minimum: 1, maximum: 6 }),
  nickName: Type.Optional(Type.String({ maxLength: 40 })),
});
export const UpdateBanBody = Form({
  roomCode: RoomCode,
  id: Id,
  durationTypeId: Type.Integer({ minimum: 1, maximum: 6 }),
});
export const DeleteBanBody = Form({ roomCode: RoomCode, ids: IdList });
export const RoomBannedBody = Form({ roomCode: RoomCode, isMessageBanned: Flag });

export type Paging = Static<typeof PagingQuery>;
export type RoomQ = Static<typeof RoomQuery>;
export type CheckPassword = Static<typeof CheckPasswordBody>;
export type RoleQ = Static<typeof RoleQuery>;
export type MessageListQ = Static<typeof MessageListQuery>;
export type GuestMessageListQ = Static<typeof GuestMessageListQuery>;
export type AddMessage = Static<typeof AddMessageBody>;
export type RoomMessage = Static<typeof RoomMessageBody>;
export type OnlineQ = Static<typeof OnlineQuery>;
export type DirectRoomQ = Static<typeof DirectRoomQuery>;
export type DirectMessageListQ = Static<typeof DirectMessageListQuery>;
export type AddDirectMessage = Static<typeof AddDirectMessageBody>;
export type DirectMessage = Static<typeof DirectMessageBody>;
export type RemarkQ = Static<typeof RemarkQuery>;
export type Remark = Static<typeof RemarkBody>;
export type BanListQ = Static<typeof BanListQuery>;
export type BanQ = Static<typeof BanQuery>;
export type AddBan = Static<typeof AddBanBody>;
export type UpdateBan = Static<typeof UpdateBanBody>;
export type DeleteBan = Static<typeof DeleteBanBody>;
export type RoomBanned = Static<typeof RoomBannedBody>;
