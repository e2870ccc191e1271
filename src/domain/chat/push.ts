/** The live socket's frame codes (spec 001 section 4, platform-api.md). */
export const PushCode = {
  /** a new message: body is the message object as a JSON string */
  NEW_MESSAGE: 1,
  /** the result of connecting: data/msg say whether the socket is accepted */
  CONNECT_RESULT: 2,
  /** a room event with a subtype (RoomEvent) */
  ROOM_EVENT: 3,
  /** the server's heartbeat; the client replies HEARTBEAT_REPLY */
  HEARTBEAT: 6,
  /** the client's heartbeat and its reply to 6 */
  HEARTBEAT_REPLY: 9,
  /** a member came online */
  MEMBER_ONLINE: 11,
  /** a member went offline */
  MEMBER_OFFLINE: 12,
  /** the room was deleted: the chat closes */
  ROOM_DELETED: 13,
  /** forced to log in again, with a message */
  FORCED_LOGIN: 14,
  /** permissions changed: re-enter the room */
  PERMISSIONS_CHANGED: 15,
  /** the muted-grade list */
  MUTED_GRADES: 16,
} as const;

/** Subtypes of PushCode.ROOM_EVENT. */
export const RoomEvent = {
  /** the whole room muted */
  ROOM_MUTED: 1,
  /** the whole room unmuted */
  ROOM_UNMUTED: 2,
  /** a user muted (the message names the duration) */
  USER_MUTED: 3,
  /** a user unmuted */
  USER_UNMUTED: 4,
  /** a message withdrawn: remove it and its time divider */
  MESSAGE_WITHDRAWN: 5,
  /** the online list's visibility changed */
  LIST_VISIBILITY: 6,
  /** a new @ notice for others */
  MENTION: 7,
  /** ours: the room's 游客可发言 switch changed `{guestChat}` (guest pages read the room again) */
  GUEST_CHAT: 8,
} as const;

/** Close codes of the socket (4000-4999 are the application's). */
export const CloseCode = {
  /** the key is missing, unknown, used or expired */
  BAD_KEY: 4001,
  /** the room does not exist or may not be entered */
  REFUSED: 4003,
  /** the session ended (logout, forced) */
  SESSION_ENDED: 4014,
  /** no heartbeat */
  IDLE: 4008,
  /** the room was deleted (after push 13) */
  ROOM_CLOSED: 4013,
  /** the owner opened more sockets than it may hold (docs/chat.md): its oldest is closed */
  TOO_MANY_SOCKETS: 4029,
  /** the server failed to set the socket up */
  SERVER_ERROR: 1011,
  /** the server is closing */
  GOING_AWAY: 1001,
} as const;
