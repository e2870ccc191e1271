/**
 * The chat message rules (issue 12): the message list merged by id (never a duplicate, always in id
 * order, at most 200), time dividers at gaps of 60 s that leave with their message, mentions, and user
 * text never becoming HTML.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import {
  beijingMs,
  markWithdrawn,
  MAX_IN_VIEW,
  mergeMessages,
  removeMessage,
  withDividers,
  withdrawnText,
} from '../../src/client/features/chat/messages';
import {
  backspaceMention,
  insertMention,
  mentionFields,
} from '../../src/client/features/chat/mentions';
import { MessageItem } from '../../src/client/features/chat/components/MessageItem';
import { compressQuality } from '../../src/client/features/chat/image';
import type { ChatMessage } from '../../src/client/features/chat/api';
import { USER } from './records-net';
import { currentUser } from '../../src/client/state/session';

const msg = (id: number, gmtCreated = '2026-11-24 10:00:00', message = `m${id}`): ChatMessage => ({
  id,
  roomId: 1,
  messageTypeId: 1,
  message,
  userId: '9',
  nickname: 'pl***1',
  avatar: '',
  grade: 1,
  nicknameColorId: '',
  messageColorId: '',
  status: 0,
  gmtCreated,
});

describe('message list', () => {
  it('merges by id: no duplicates, id order, a later copy wins', () => {
    const a = mergeMessages([msg(3), msg(1)], [msg(2), msg(3, undefined, 'again'), msg(1)]);
    expect(a.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(a[2]!.message).toBe('again');
    expect(mergeMessages(a, [])).toBe(a);
  });

  it('keeps at most 200: the newest after live messages, the oldest after an older page', () => {
    const many = Array.from({ length: 250 }, (_, i) => msg(i + 1));
    expect(mergeMessages([], many).map((m) => m.id)).toEqual(many.slice(50).map((m) => m.id));
    expect(mergeMessages([], many, 'oldest').length).toBe(MAX_IN_VIEW);
    expect(mergeMessages([], many, 'oldest')[0]!.id).toBe(1);
  });

  it('puts a divider before the first message and at gaps of 60 s or more; a withdrawn message takes its own', () => {
    const list = [
      msg(1, '2026-11-24 10:00:00'),
      msg(2, '2026-11-24 10:00:59'),
      msg(3, '2026-11-24 10:01:59'),
      msg(4, '2026-11-24 10:05:00'),
    ];
    const now = beijingMs('2026-11-24 12:00:00');
    const kinds = (l: ChatMessage[]) =>
      withDividers(l, now).map((r) => (r.kind === 'divider' ? `|${r.time}` : r.message.id));
    expect(kinds(list)).toEqual(['|10:00', 1, 2, '|10:01', 3, '|10:05', 4]);
    expect(kinds(removeMessage(list, 4))).toEqual(['|10:00', 1, 2, '|10:01', 3]);
    // another day shows the date
    expect(withDividers([msg(5, '2026-11-23 23:59:00')], now)[0]).toMatchObject({
      kind: 'divider',
      time: '11-23 23:59',
    });
  });

  it('a message withdrawn while shown keeps its place as a notice, its content gone', () => {
    const list = [msg(1), msg(2, undefined, 'secret'), msg(3)];
    const after = markWithdrawn(list, 2);
    expect(after.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(after[1]).toMatchObject({ withdrawn: true, message: '' });
    expect(markWithdrawn(list, 99)).toBe(list);
    expect(withdrawnText(after[1]!, false)).toBe('pl***1撤回了一条消息');
    expect(withdrawnText(after[1]!, true)).toBe('你撤回了一条消息');
  });

  it('reads the server times as Beijing', () => {
    expect(beijingMs('2026-11-24 08:00:00')).toBe(Date.UTC(2026, 10, 24, 0, 0, 0));
    expect(Number.isNaN(beijingMs('bad'))).toBe(true);
  });
});

describe('mentions', () => {
  it('maps names still in the text to ids; @全部 only for managers', () => {
    const ms = [
      { name: 'ab***1', userId: '11' },
      { name: 'cd***2', userId: '12' },
      { name: '全部', userId: '' },
    ];
    expect(mentionFields('@ab***1 hi @全部 ', ms, false)).toEqual({ status: 0, userIds: '11' });
    expect(mentionFields('@ab***1 @cd***2 @ab***1 yo @全部 ', ms, true)).toEqual({
      status: 1,
      userIds: '11,12',
    });
    expect(mentionFields('plain', ms, true)).toEqual({ status: 0, userIds: '' });
  });

  it('inserts after a typed @ and removes a whole mention on backspace', () => {
    expect(insertMention('hi @', 'ab***1')).toBe('hi @ab***1 ');
    expect(insertMention('hi', 'ab***1')).toBe('hi @ab***1 ');
    const ms = [{ name: 'ab***1', userId: '11' }];
    expect(backspaceMention('hi @ab***1 ', 11, ms)).toEqual({ text: 'hi ', caret: 3 });
    expect(backspaceMention('hi @ab***1 x', 12, ms)).toBeNull();
  });
});

describe('message rendering', () => {
  afterEach(cleanup);
  it('shows user HTML as text and line breaks as breaks', () => {
    const { container } = render(
      <ul>
        <MessageItem
          m={msg(1, undefined, '<img src=x onerror=alert(1)>\n第二行')}
          mine={false}
          onImage={() => {}}
        />
      </ul>,
    );
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeTruthy();
    expect(container.querySelectorAll('br').length).toBe(1);
  });

  it('shows my own name whole to me; others stay masked as the server sends them', () => {
    currentUser.value = { ...USER, userName: 'player01', nickName: '小明' };
    try {
      render(
        <ul>
          <MessageItem m={{ ...msg(1), nickname: 'pl***1' }} mine onImage={() => {}} />
          <MessageItem
            m={{ ...msg(2), userId: '7', nickname: 'ot***2' }}
            mine={false}
            onImage={() => {}}
          />
        </ul>,
      );
      expect(screen.getByRole('listitem', { name: '小明：m1' })).toBeTruthy();
      expect(screen.getByRole('listitem', { name: 'ot***2：m2' })).toBeTruthy();
      expect(screen.queryByText('pl***1')).toBeNull();
    } finally {
      currentUser.value = null;
    }
  });

  it('compresses larger pictures with a lower quality', () => {
    expect(compressQuality(1_000_000)).toBe(0.7);
    expect(compressQuality(4_194_304)).toBe(0.5);
    expect(compressQuality(50_000_000)).toBe(0.4);
  });
});
