/** Chat constants (spec 001 section 9), with units in the names. */

/** history paging: the first load shows 5, every later page 20 (paging up by message id) */
export const FIRST_PAGE_SIZE = 5;
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;
/** the most messages a room view keeps (older ones leave the screen) */
export const MESSAGES_IN_VIEW = 200;
/** the room and private-room lists */
export const ROOM_PAGE_SIZE = 20;
/** a search field asks this long after typing stops; a private-list page waits this long before the next */
export const SEARCH_DELAY_MS = 600;
export const LOAD_MORE_COOLDOWN_MS = 600;
/** how far back a public room's history is shown and a reconnect is caught up */
export const HISTORY_WINDOW_MS = 12 * 3600_000;
/** the room password: 4 digits */
export const ROOM_PASSWORD_PATTERN = /^\d{4}$/;
/** md5 of the empty string: the socket's password when a room has none (platform-api.md) */
export const EMPTY_PASSWORD_MD5 = 'd41d8cd98f00b204e9800998ecf8427e';
export const REMARK_MAX_CHARS = 200;
/** wrong room passwords a member may give in the window before the gate locks */
export const PASSWORD_FAILURES_MAX = 5;
export const PASSWORD_FAILURE_WINDOW_SEC = 600;
/**
 * wrong room passwords guests from one address may give in one room in the window: a guest makes
 * new guest ids cheaply, so its address is counted besides its id (several people may share one)
 */
export const PASSWORD_FAILURES_PER_ADDRESS_MAX = 20;
/** the longest private message (private rooms have no operator setting) */
export const DIRECT_MESSAGE_LENGTH = 500;
/** the live socket's key */
export const SOCKET_KEY_TTL_SEC = 60;
/** the server's heartbeat (push 6) interval; a socket silent for 3 intervals is closed */
export const HEARTBEAT_INTERVAL_MS = 25_000;
/** flood control: per user and per room, in messages per second; system pushes are never limited */
export const USER_MESSAGES_PER_SEC = 5;
export const ROOM_MESSAGES_PER_SEC = 40;
/** guests have their own per-room budget, so guests flooding never makes a member wait */
export const ROOM_GUEST_MESSAGES_PER_SEC = 10;
/**
 * open sockets one owner may hold on one instance; one more is refused (CloseCode.TOO_MANY_SOCKETS).
 * A guest without an identity (reading only) is counted by its address, which several may share.
 */
export const SOCKETS_PER_USER_MAX = 10;
export const SOCKETS_PER_GUEST_MAX = 5;
export const SOCKETS_PER_GUEST_ADDRESS_MAX = 20;
/** grades with a meaning in chat (spec 001 section 3) */
/** the test group (测试组), a grade a room may admit or mute */
export const GRADE_TEST = -1;
export const GRADE_GUEST = -2;
export const GRADE_MANAGER = 100;
/** chat images: the upload limit, the thumbnail's side, the saved images */
export const CHAT_IMAGE_MAX_BYTES = 2_097_152;
export const THUMB_SIDE_PX = 240;
export const SAVED_IMAGE_PAGE_SIZE = 40;
export const SAVED_IMAGE_SELECTION_MAX = 10;
export const SAVED_IMAGES_MAX = 200;
