/**
 * Who may enter a room, speak in it, open a private room, and how long a mute lasts
 * (spec 001 sections 4-6). The server enforces these; the client shows the same messages.
 */

export interface RoomRules {
  /** grades that may enter; empty: every grade */
  allowedGrades: readonly number[];
  /** grades that may not speak */
  mutedGrades: readonly number[];
  /** the whole room is muted */
  isMessageBanned: boolean;
  /** guests with the room's guest code may speak (游客可发言); absent: off */
  guestChat?: boolean;
}

export interface ChatViewer {
  /** null for a guest */
  userId: number | null;
  /** a guest's server-issued identity (chat_guests), when the guest has one */
  guestId?: number;
  grade: number;
  /** a manager of this room (named, or grade 100) */
  isManager: boolean;
}

/** Mute durations (durationTypeId) of spec 001 section 4. */
export const BanDuration = {
  PERMANENT: 1,
  ONE_DAY: 2,
  ONE_WEEK: 3,
  ONE_HOUR: 4,
  HALF_HOUR: 5,
  /** cancel the mute */
  CANCEL: 6,
} as const;

const DURATION_MS: Record<number, number | null> = {
  [BanDuration.PERMANENT]: null,
  [BanDuration.ONE_DAY]: 86_400_000,
  [BanDuration.ONE_WEEK]: 7 * 86_400_000,
  [BanDuration.ONE_HOUR]: 3_600_000,
  [BanDuration.HALF_HOUR]: 1_800_000,
};

const DURATION_TEXT: Record<number, string> = {
  [BanDuration.PERMANENT]: '永久',
  [BanDuration.ONE_DAY]: '1天',
  [BanDuration.ONE_WEEK]: '1周',
  [BanDuration.ONE_HOUR]: '1小时',
  [BanDuration.HALF_HOUR]: '半小时',
};

export function isBanDuration(typeId: number): boolean {
  return typeId in DURATION_MS;
}

/** When a mute of this duration, starting now, ends; null for a permanent one. */
export function banEndsAt(durationTypeId: number, nowMs: number): number | null {
  if (!isBanDuration(durationTypeId))
    throw new RangeError(`not a mute duration: ${durationTypeId}`);
  const ms = DURATION_MS[durationTypeId];
  return ms === null ? null : nowMs + ms;
}

/** What a muted user reads instead of the input (spec 001 section 8). */
export function banMessage(durationTypeId: number): string {
  const text = DURATION_TEXT[durationTypeId];
  return text === '永久' ? '您已被永久禁言' : `您已被禁言${text ?? ''}`;
}

export const ROOM_MUTED_MSG = '全体禁言中';
export const GRADE_MUTED_MSG = '您的等级已被禁言';
export const GUEST_SEND_MSG = '游客不能发言，请先注册';
export const GRADE_REFUSED_MSG = '您的等级不能进入该房间';
export const DIRECT_SELF_MSG = '不能与自己私聊';
export const DIRECT_REFUSED_MSG = '只能与管理员私聊';
/** What a muted sender of a red envelope or a share reads (spec 001 section 5). */
export const MUTED_SEND_MSG = '禁言状态不允许发送图片、表情、红包、分享注单';

const MUTES = new Set<string>([
  ROOM_MUTED_MSG,
  GRADE_MUTED_MSG,
  ...[1, 2, 3, 4, 5, 6].map(banMessage),
]);

/** A mute refusal as spec 001 section 5 words it for those kinds; entry refusals stay as they are. */
export function mutedSendRefusal(refusal: string): string {
  return MUTES.has(refusal) ? MUTED_SEND_MSG : refusal;
}

/** Whether a viewer may enter (read) a room: managers always, others by the allowed grades. */
export function enterRefusal(room: RoomRules, viewer: ChatViewer): string | null {
  if (viewer.isManager) return null;
  if (room.allowedGrades.length > 0 && !room.allowedGrades.includes(viewer.grade))
    return GRADE_REFUSED_MSG;
  return null;
}

export interface ActiveBan {
  durationTypeId: number;
  /** epoch ms, null for permanent */
  endsAtMs: number | null;
}

export function banActive(ban: ActiveBan | null, nowMs: number): boolean {
  return !!ban && (ban.endsAtMs === null || ban.endsAtMs > nowMs);
}

/**
 * Why a viewer may not speak in a public room, or null. Managers are exempt from every mute
 * (spec 001 section 6). Guests read only, unless the room allows guest chat: then a guest with an
 * issued identity speaks under the same mutes as members (a muted grade -2 silences every guest).
 */
export function speakRefusal(
  room: RoomRules,
  viewer: ChatViewer,
  ban: ActiveBan | null,
  nowMs: number,
): string | null {
  if (viewer.isManager) return null;
  if (viewer.userId === null) {
    // a guest speaks only where the operator allows guest chat, and only as an issued identity
    if (!room.guestChat || !viewer.guestId) return GUEST_SEND_MSG;
  } else {
    const entry = enterRefusal(room, viewer);
    if (entry) return entry;
  }
  if (room.isMessageBanned) return ROOM_MUTED_MSG;
  if (room.mutedGrades.includes(viewer.grade)) return GRADE_MUTED_MSG;
  if (ban && banActive(ban, nowMs)) return banMessage(ban.durationTypeId);
  return null;
}

/**
 * Who may open a private room (spec 001 section 6: the private-chat button shows only when the
 * room or the target has manager grade, and never for oneself): one of the two must be a manager.
 */
export function directRefusal(
  openerId: number,
  openerIsManager: boolean,
  targetId: number,
  targetIsManager: boolean,
): string | null {
  if (openerId === targetId) return DIRECT_SELF_MSG;
  if (!openerIsManager && !targetIsManager) return DIRECT_REFUSED_MSG;
  return null;
}

/** Unread when there is a latest message and no read id, or the latest is newer (spec 001 section 4). */
export function isUnread(latestMessageId: number | null, messageReadId: number | null): boolean {
  if (!latestMessageId) return false;
  return !messageReadId || latestMessageId > messageReadId;
}

/** The page size of a history request: the client asks 5 first, then 20; bounded either way. */
export function historyPageSize(requested: number | undefined, max: number): number {
  if (!requested || requested < 1) return Math.min(20, max);
  return Math.min(requested, max);
}
