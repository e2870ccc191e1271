/**
 * The operator's room form: its values, the checks the server makes on rooms/save (docs/chat.md
 * "Operator", src/server/chat/adminRoutes.ts) with the same limits in Chinese, and the form body.
 */
import { patterns } from '../../../../domain/validation';
import { GRADE_GUEST, GRADE_TEST, ROOM_PASSWORD_PATTERN } from '../../../../domain/chat/constants';
import { gradeShow } from '../../../../domain/grades';
import type { Params } from '../../../api/request';
import type { AdminRoom } from './chatApi';

/** keep: the stored password stays (and is never shown); set: 4 new digits; clear: no password */
export type PasswordMode = 'keep' | 'set' | 'clear';

export interface RoomForm {
  id: number | null;
  roomCode: string;
  title: string;
  subTitle: string;
  avatar: string;
  imageUrl: string;
  intro: string;
  passwordMode: PasswordMode;
  password: string;
  isShowList: boolean;
  messageLength: string;
  registerLink: string;
  guestCode: string;
  /** 游客可发言: guests with the guest code may send */
  guestChat: boolean;
  allowedGrades: number[];
  mutedGrades: number[];
  /** user names, separated by commas or spaces */
  managers: string;
  sort: string;
}

export const LIMITS = {
  roomCode: 16,
  title: 30,
  subTitle: 60,
  intro: 500,
  link: 300,
  guestCode: 32,
  managers: 50,
  messageLength: 2000,
  sort: 10_000,
} as const;
export const DEFAULT_MESSAGE_LENGTH = 200;
/** Grades offered as boxes: the test group and the player tiers (managers, grade 100, pass every gate). */
export const GRADE_CHOICES: readonly number[] = [GRADE_TEST, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
export const gradeLabel = gradeShow;
/** Muting grade -2 silences every guest of a room with guest chat (游客可发言). */
export const MUTED_GRADE_EXTRA: readonly number[] = [GRADE_GUEST];

// The server's plain-text and link patterns (src/server/site/text.ts), for the same answer before sending.
/** no angle brackets, no control characters (tab, line feed and carriage return only in multi-line text) */
const badChar = (c: string, multiline: boolean) => {
  const n = c.codePointAt(0) ?? 0;
  return (
    c === '<' ||
    c === '>' ||
    n === 0x7f ||
    (n < 0x20 && !(multiline && (n === 9 || n === 10 || n === 13)))
  );
};
const SITE_LINK =
  /^(?:\/(?!\/)[A-Za-z0-9_\-./?=&%#]*|https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:\/[A-Za-z0-9_\-./?=&%#~]*)?)$/;
const ROOM_CODE = /^[0-9A-Za-z]{1,16}$/;
const GUEST_CODE = /^[0-9A-Za-z]{4,32}$/;
const INTEGER = /^-?\d{1,5}$/;

export function emptyForm(): RoomForm {
  return {
    id: null,
    roomCode: '',
    title: '',
    subTitle: '',
    avatar: '',
    imageUrl: '',
    intro: '',
    passwordMode: 'clear',
    password: '',
    isShowList: true,
    messageLength: String(DEFAULT_MESSAGE_LENGTH),
    registerLink: '',
    guestCode: '',
    guestChat: false,
    allowedGrades: [],
    mutedGrades: [],
    managers: '',
    sort: '0',
  };
}

export function formOf(r: AdminRoom): RoomForm {
  return {
    id: r.id,
    roomCode: r.roomCode,
    title: r.title,
    subTitle: r.subTitle,
    avatar: r.avatar,
    imageUrl: r.imageUrl,
    intro: r.intro,
    passwordMode: 'keep',
    password: '',
    isShowList: r.isShowList === 1,
    messageLength: String(r.messageLength),
    registerLink: r.registerLink,
    guestCode: r.guestCode,
    guestChat: r.guestChat === 1,
    allowedGrades: [...r.allowedGrades],
    mutedGrades: [...r.mutedGrades],
    managers: r.managers.join(','),
    sort: String(r.sort),
  };
}

export const managerNames = (text: string) => [...new Set(text.split(/[\s,，]+/).filter(Boolean))];
const chars = (s: string) => [...s].length;

function plain(label: string, value: string, max: number, multiline = false): string | null {
  if (chars(value) > max) return `${label}不能超过${max}个字`;
  if ([...value].some((c) => badChar(c, multiline))) return `${label}不能包含 < > 或控制字符`;
  return null;
}

function link(label: string, value: string): string | null {
  if (value === '') return null;
  if (value.length > LIMITS.link || !SITE_LINK.test(value))
    return `${label}应为站内路径（/ 开头）或 https 地址`;
  return null;
}

function integer(label: string, value: string, min: number, max: number): string | null {
  const n = Number(value.trim());
  if (!INTEGER.test(value.trim()) || n < min || n > max) return `${label}必须在${min}到${max}之间`;
  return null;
}

/** The first problem of the form in Chinese, or null when the server should accept it. */
export function checkRoomForm(f: RoomForm): string | null {
  if (!ROOM_CODE.test(f.roomCode.trim())) return '房间号应为1至16位字母或数字';
  if (f.title.trim() === '') return '标题不能为空';
  const names = managerNames(f.managers);
  return (
    plain('标题', f.title.trim(), LIMITS.title) ??
    plain('副标题', f.subTitle.trim(), LIMITS.subTitle) ??
    link('房间头像', f.avatar.trim()) ??
    link('房间图片', f.imageUrl.trim()) ??
    plain('简介', f.intro.trim(), LIMITS.intro, true) ??
    (f.passwordMode === 'set' && !ROOM_PASSWORD_PATTERN.test(f.password)
      ? '房间密码应为4位数字'
      : null) ??
    integer('消息长度', f.messageLength, 1, LIMITS.messageLength) ??
    link('注册链接', f.registerLink.trim()) ??
    (f.guestCode.trim() !== '' && !GUEST_CODE.test(f.guestCode.trim())
      ? '游客码应为4至32位字母或数字'
      : null) ??
    (f.guestChat && f.guestCode.trim() === '' ? '允许游客发言需先设置游客码' : null) ??
    (names.find((n) => !patterns.userName.test(n))
      ? `管理员用户名格式不正确：${names.find((n) => !patterns.userName.test(n))}`
      : null) ??
    (names.length > LIMITS.managers ? `管理员最多${LIMITS.managers}人` : null) ??
    integer('排序', f.sort, -LIMITS.sort, LIMITS.sort)
  );
}

const gradeList = (grades: number[]) => [...new Set(grades)].sort((a, b) => a - b).join(',');

/** The rooms/save body of a checked form; the password only when it is set or cleared. */
export function roomParams(f: RoomForm): Params {
  return {
    id: f.id ?? undefined,
    roomCode: f.roomCode.trim(),
    title: f.title.trim(),
    subTitle: f.subTitle.trim(),
    avatar: f.avatar.trim(),
    imageUrl: f.imageUrl.trim(),
    intro: f.intro.trim(),
    password:
      f.passwordMode === 'set'
        ? f.password
        : f.passwordMode === 'clear' && f.id !== null
          ? ''
          : undefined,
    isShowList: f.isShowList ? 1 : 0,
    messageLength: Number(f.messageLength.trim()),
    registerLink: f.registerLink.trim(),
    guestCode: f.guestCode.trim(),
    guestChat: f.guestChat ? 1 : 0,
    allowedGrades: gradeList(f.allowedGrades),
    mutedGrades: gradeList(f.mutedGrades),
    managers: managerNames(f.managers).join(','),
    sort: Number(f.sort.trim()),
  };
}
