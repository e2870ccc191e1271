/** Chat rules of spec 001 (sections 4-6): message checks, entering and speaking, mutes, private rooms. */
import { describe, expect, it } from 'vitest';
import {
  BanDuration,
  banActive,
  banEndsAt,
  banMessage,
  directRefusal,
  enterRefusal,
  GRADE_MUTED_MSG,
  GRADE_REFUSED_MSG,
  GUEST_SEND_MSG,
  historyPageSize,
  isUnread,
  ROOM_MUTED_MSG,
  speakRefusal,
  type RoomRules,
} from '../../src/domain/chat/access.ts';
import {
  chatTextHtml,
  EMPTY_MESSAGE_MSG,
  messageKind,
  MessageType,
  parseImage,
  parseText,
  stripTags,
} from '../../src/domain/chat/messageTypes.ts';
import { roomPasswordHash } from '../../src/domain/chat/password.ts';
import {
  guestIdOf,
  guestName,
  guestSearch,
  guestWireId,
  isGuestWireId,
} from '../../src/domain/chat/guest.ts';
import { EMPTY_PASSWORD_MD5 } from '../../src/domain/chat/constants.ts';
import SparkMD5 from 'spark-md5';

const open: RoomRules = { allowedGrades: [], mutedGrades: [], isMessageBanned: false };
const member = { userId: 7, grade: 3, isManager: false };
const manager = { userId: 8, grade: 0, isManager: true };
const guest = { userId: null, grade: -2, isManager: false };
const NOW = 1_700_000_000_000;

describe('text messages', () => {
  it('refuses blank text with the spec message', () => {
    expect(parseText('', 10)).toEqual({ ok: false, msg: EMPTY_MESSAGE_MSG });
    expect(parseText(' \n\t ', 10)).toEqual({ ok: false, msg: EMPTY_MESSAGE_MSG });
  });
  it('counts characters (not UTF-16 units) against the room length', () => {
    expect(parseText('恭喜发财', 4)).toEqual({ ok: true, body: '恭喜发财' });
    expect(parseText('😀😀😀', 3).ok).toBe(true);
    expect(parseText('恭喜发财啊', 4)).toEqual({ ok: false, msg: '消息不能超过4个字符' });
  });
  it('keeps line breaks (normalised) and refuses other control characters', () => {
    expect(parseText('a\r\nb\rc', 20)).toEqual({ ok: true, body: 'a\nb\nc' });
    expect(parseText('a\u0000b', 20).ok).toBe(false);
    expect(parseText('a\u001bb', 20).ok).toBe(false);
    expect(parseText('a\u0085b', 20).ok).toBe(false);
  });
  it('stores HTML as sent and renders it escaped, line breaks as <br/>', () => {
    const sent = '<img src=x onerror=alert(1)>\n"&\'';
    expect(parseText(sent, 200)).toEqual({ ok: true, body: sent });
    expect(chatTextHtml(sent)).toBe('&lt;img src=x onerror=alert(1)&gt;<br/>&quot;&amp;&#39;');
    expect(stripTags('<b>hi</b> there')).toBe('hi there');
  });
});

describe('the message catalogue', () => {
  it('has text and image, each with the calls that send it', () => {
    expect(messageKind(MessageType.TEXT)?.sentBy).toEqual(['addMessage', 'addDirectMessage']);
    expect(messageKind(MessageType.IMAGE)?.sentBy).toEqual(['addImage', 'addDirectMessage']);
    expect(messageKind(MessageType.TIME_DIVIDER)).toBeNull();
    expect(messageKind(999)).toBeNull();
  });
  it('checks image payloads: chat upload paths only', () => {
    const img = '/uploads/0123456789abcdef0123456789abcdef.jpg';
    const thumb = '/uploads/fedcba9876543210fedcba9876543210.webp';
    expect(parseImage(JSON.stringify({ imgPath: img, thumbPath: thumb, extra: 1 }))).toEqual({
      ok: true,
      body: JSON.stringify({ imgPath: img, thumbPath: thumb }),
    });
    expect(parseImage('not json').ok).toBe(false);
    expect(
      parseImage(JSON.stringify({ imgPath: 'javascript:alert(1)', thumbPath: thumb })).ok,
    ).toBe(false);
    expect(
      parseImage(JSON.stringify({ imgPath: 'https://evil.example/x.jpg', thumbPath: thumb })).ok,
    ).toBe(false);
    expect(parseImage('null').ok).toBe(false);
    expect(
      parseImage(JSON.stringify({ imgPath: '/uploads/../etc/passwd.jpg', thumbPath: thumb })).ok,
    ).toBe(false);
  });
});

describe('entering and speaking', () => {
  it('lets every grade in an open room, only listed grades in a restricted one, managers always', () => {
    expect(enterRefusal(open, member)).toBeNull();
    const vip = { ...open, allowedGrades: [5, 6] };
    expect(enterRefusal(vip, member)).toBe(GRADE_REFUSED_MSG);
    expect(enterRefusal(vip, { ...member, grade: 5 })).toBeNull();
    expect(enterRefusal(vip, manager)).toBeNull();
  });
  it('refuses guests, whole-room mutes, muted grades and muted users; managers are exempt', () => {
    expect(speakRefusal(open, member, null, NOW)).toBeNull();
    expect(speakRefusal(open, guest, null, NOW)).toBe(GUEST_SEND_MSG);
    expect(speakRefusal({ ...open, isMessageBanned: true }, member, null, NOW)).toBe(
      ROOM_MUTED_MSG,
    );
    expect(speakRefusal({ ...open, mutedGrades: [3] }, member, null, NOW)).toBe(GRADE_MUTED_MSG);
    const ban = { durationTypeId: BanDuration.ONE_HOUR, endsAtMs: NOW + 1000 };
    expect(speakRefusal(open, member, ban, NOW)).toBe('您已被禁言1小时');
    expect(speakRefusal(open, member, { ...ban, endsAtMs: NOW - 1 }, NOW)).toBeNull();
    const all = { allowedGrades: [9], mutedGrades: [0], isMessageBanned: true };
    expect(speakRefusal(all, manager, { durationTypeId: 1, endsAtMs: null }, NOW)).toBeNull();
  });
  it('lets a guest with an identity speak only where guest chat is on, under the same mutes', () => {
    const guestChat = { ...open, guestChat: true };
    const speaker = { ...guest, guestId: 12 };
    expect(speakRefusal(open, speaker, null, NOW)).toBe(GUEST_SEND_MSG);
    expect(speakRefusal(guestChat, guest, null, NOW)).toBe(GUEST_SEND_MSG);
    expect(speakRefusal(guestChat, speaker, null, NOW)).toBeNull();
    // a room limited to some grades still lets its guests (who hold the guest code) speak
    expect(speakRefusal({ ...guestChat, allowedGrades: [5] }, speaker, null, NOW)).toBeNull();
    expect(speakRefusal({ ...guestChat, isMessageBanned: true }, speaker, null, NOW)).toBe(
      ROOM_MUTED_MSG,
    );
    expect(speakRefusal({ ...guestChat, mutedGrades: [-2] }, speaker, null, NOW)).toBe(
      GRADE_MUTED_MSG,
    );
    expect(
      speakRefusal(
        guestChat,
        speaker,
        { durationTypeId: BanDuration.ONE_DAY, endsAtMs: NOW + 1 },
        NOW,
      ),
    ).toBe('您已被禁言1天');
  });
  it('writes guest ids as g<id> and names as 游客 and four digits', () => {
    expect(guestWireId(12)).toBe('g12');
    expect(guestIdOf('g12')).toBe(12);
    expect(guestIdOf('12')).toBeNull();
    expect(guestIdOf('gx')).toBeNull();
    expect(isGuestWireId('g7')).toBe(true);
    expect(guestName(7)).toBe('游客0007');
    expect(guestName(123_456)).toBe('游客3456');
  });
  it("reads a manager's search for a guest: g<id>, 游客XXXX or the shown 游客***N", () => {
    expect(guestSearch(' g12 ')).toEqual({ guestId: 12 });
    expect(guestSearch('游客0012')).toEqual({ namePattern: '游客0012' });
    expect(guestSearch('游客***2')).toEqual({ namePattern: '游客___2' });
    expect(guestSearch('游客***')).toBeNull();
    expect(guestSearch('游客12')).toBeNull();
    expect(guestSearch('alice')).toBeNull();
  });
});

describe('mute durations', () => {
  it('maps the five durations of section 4 and refuses others', () => {
    expect(banEndsAt(BanDuration.PERMANENT, NOW)).toBeNull();
    expect(banEndsAt(BanDuration.ONE_DAY, NOW)).toBe(NOW + 86_400_000);
    expect(banEndsAt(BanDuration.ONE_WEEK, NOW)).toBe(NOW + 7 * 86_400_000);
    expect(banEndsAt(BanDuration.ONE_HOUR, NOW)).toBe(NOW + 3_600_000);
    expect(banEndsAt(BanDuration.HALF_HOUR, NOW)).toBe(NOW + 1_800_000);
    expect(() => banEndsAt(BanDuration.CANCEL, NOW)).toThrow(RangeError);
    expect(() => banEndsAt(0, NOW)).toThrow(RangeError);
  });
  it('names each in the muted notice', () => {
    expect(banMessage(1)).toBe('您已被永久禁言');
    expect(banMessage(2)).toBe('您已被禁言1天');
    expect(banMessage(3)).toBe('您已被禁言1周');
    expect(banMessage(5)).toBe('您已被禁言半小时');
    expect(banActive({ durationTypeId: 1, endsAtMs: null }, NOW)).toBe(true);
    expect(banActive(null, NOW)).toBe(false);
  });
});

describe('private rooms, read state and paging', () => {
  it('opens a private room only with a manager on one side, never with oneself', () => {
    expect(directRefusal(1, false, 2, false)).toBe('只能与管理员私聊');
    expect(directRefusal(1, true, 2, false)).toBeNull();
    expect(directRefusal(1, false, 2, true)).toBeNull();
    expect(directRefusal(1, true, 1, true)).toBe('不能与自己私聊');
  });
  it('is unread when the latest message is newer than the read mark', () => {
    expect(isUnread(null, null)).toBe(false);
    expect(isUnread(5, null)).toBe(true);
    expect(isUnread(5, 0)).toBe(true);
    expect(isUnread(5, 5)).toBe(false);
    expect(isUnread(6, 5)).toBe(true);
  });
  it('bounds a history page (first load 5, then 20)', () => {
    expect(historyPageSize(5, 50)).toBe(5);
    expect(historyPageSize(undefined, 50)).toBe(20);
    expect(historyPageSize(500, 50)).toBe(50);
  });
  it('hashes the room password as the platform does (md5 of the 4 digits)', () => {
    expect(roomPasswordHash('1234')).toBe(SparkMD5.hash('1234'));
    expect(SparkMD5.hash('')).toBe(EMPTY_PASSWORD_MD5);
    expect(() => roomPasswordHash('12a4')).toThrow(RangeError);
  });
});
