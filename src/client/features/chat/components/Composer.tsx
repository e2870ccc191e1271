/**
 * The input of a chat view: a text box limited to the room's messageLength with its counter, Enter
 * sends and Ctrl+Enter breaks the line, @ at the end opens the member picker, backspace after a
 * mention removes it whole, the picture button (compressed above 2 MB, then uploaded) and, for
 * members in a room, 长龙助手, and the red-envelope button. A muted reader sees the reason instead of the input (spec 001 §6).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { backspaceMention, insertMention, mentionFields, type Mention } from '../mentions';
import { EMPTY_MESSAGE_MSG } from '../../../../domain/chat/messageTypes';
import { showToast } from '../../../ui';
import { EmojiPanel } from './EmojiPanel';
import type { SavedImage } from '../api';
import { useFormMutation } from '../../../query/useFormMutation';

export interface ComposerProps {
  maxLength: number;
  /** why the reader may not speak ('' when they may) */
  blocked: string;
  manager: boolean;
  /** mentions are for public rooms */
  onAt?(): void;
  /** a member picked in the list or by tapping a name */
  pick?: { name: string; userId: string; n: number } | null;
  onSend(text: string, status: 0 | 1, userIds: string): Promise<boolean>;
  onImage(file: File): void;
  /** sends a saved picture again (members) */
  onSaved?(img: SavedImage): void;
  imageStage: string;
  /** opens the long-dragon helper (members only, spec 001 §6: guests do not get it) */
  onDragon?(): void;
  /** opens the red-envelope send dialog (or, for guests, the register notice) */
  onEnvelope?(): void;
}

const ICON =
  'flex h-10 w-8 sm:w-10 shrink-0 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-40';

export function Composer({
  maxLength,
  blocked,
  manager,
  onAt,
  pick,
  onSend,
  onImage,
  onSaved,
  imageStage,
  onDragon,
  onEnvelope,
}: ComposerProps) {
  const [text, setText] = useState('');
  const [emoji, setEmoji] = useState(false);
  // onSend shows its own refusal and answers whether the message went out
  const sendMessage = useFormMutation({
    mutationFn: (m: { text: string; status: 0 | 1; userIds: string }) =>
      onSend(m.text, m.status, m.userIds),
    onSuccess: (sent) => {
      if (sent) {
        setText('');
        mentions.current = [];
      }
    },
  });
  const sending = sendMessage.isPending;
  const mentions = useRef<Mention[]>([]);
  const box = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!pick) return;
    mentions.current.push({ name: pick.name, userId: pick.userId });
    setText((t) => insertMention(t, pick.name).slice(0, maxLength));
    box.current?.focus();
  }, [pick, maxLength]);

  if (blocked) {
    return (
      <p
        role="status"
        className="border-t border-gray-200 bg-gray-100 px-4 py-3 text-center text-sm text-red-700"
      >
        {blocked}
      </p>
    );
  }

  const send = async () => {
    if (sending) return;
    if (!text.trim()) {
      showToast(EMPTY_MESSAGE_MSG);
      setText('');
      return;
    }
    const f = mentionFields(text, mentions.current, manager);
    await sendMessage.submit({ text, status: f.status, userIds: f.userIds });
    box.current?.focus();
  };

  const key = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      if (e.ctrlKey || e.metaKey) {
        e.preventDefault();
        const el = e.currentTarget;
        const at = el.selectionStart;
        const next = `${text.slice(0, at)}\n${text.slice(el.selectionEnd)}`;
        if (next.length <= maxLength) {
          setText(next);
          requestAnimationFrame(() => el.setSelectionRange(at + 1, at + 1));
        }
      } else if (!e.shiftKey) {
        e.preventDefault();
        void send();
      }
      return;
    }
    if (e.key === 'Backspace' && e.currentTarget.selectionStart === e.currentTarget.selectionEnd) {
      const el = e.currentTarget;
      const cut = backspaceMention(text, el.selectionStart, mentions.current);
      if (cut) {
        e.preventDefault();
        setText(cut.text);
        requestAnimationFrame(() => el.setSelectionRange(cut.caret, cut.caret));
      }
    }
  };

  const change = (v: string) => {
    setText(v);
    if (onAt && v.endsWith('@') && v.length === text.length + 1) onAt();
  };

  return (
    <div className="border-t border-gray-200 bg-white px-2 py-2">
      {imageStage && (
        <p role="status" className="pb-1 text-center text-xs text-gray-600">
          {imageStage}…
        </p>
      )}
      <div className="flex items-end gap-0.5 sm:gap-1">
        <button
          type="button"
          className={ICON}
          aria-label="发送图片"
          disabled={Boolean(imageStage)}
          onClick={() => file.current?.click()}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d="M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9h.01"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <input
          ref={file}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          className="hidden"
          aria-label="选择图片"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) onImage(f);
          }}
        />
        <button type="button" className={ICON} aria-label="表情" onClick={() => setEmoji(true)}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d="M12 21a9 9 0 100-18 9 9 0 000 18zM8 14s1.5 2 4 2 4-2 4-2M9 9.5h.01M15 9.5h.01"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
        </button>
        {onEnvelope && (
          <button type="button" className={ICON} aria-label="发红包" onClick={onEnvelope}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d="M5 3h14v18H5zM5 8c4 3 10 3 14 0"
                fill="none"
                stroke="#d93a26"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
              <circle cx="12" cy="10" r="2" fill="#d93a26" />
            </svg>
          </button>
        )}
        {onDragon && (
          <button type="button" className={ICON} aria-label="长龙助手" onClick={onDragon}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d="M3 17c2-4 5-4 7-1s5 3 7-1 3-6 4-6M17 6l2-2 1 3M8 12V8M12 12V6M16 12V9"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        )}
        {onAt && (
          <button type="button" className={ICON} aria-label="@成员" onClick={onAt}>
            <span aria-hidden="true" className="text-xl">
              @
            </span>
          </button>
        )}
        <div className="relative min-w-0 flex-1">
          <textarea
            aria-label="消息"
            aria-describedby="chat-count"
            ref={box}
            rows={1}
            value={text}
            maxLength={maxLength}
            onChange={(e) => change(e.target.value)}
            onKeyDown={key}
            placeholder="说点什么…"
            enterKeyHint="send"
            className={`block max-h-28 min-h-10 w-full resize-none rounded-2xl border border-gray-300 bg-gray-50 px-3 py-2 text-[15px] focus:border-brand focus:outline-none ${text ? 'pr-14' : ''}`}
          />
          {/* the count shows once there is text: an empty box keeps its whole width for the placeholder at 360 px */}
          <span
            id="chat-count"
            className={
              text
                ? 'pointer-events-none absolute right-3 bottom-2 text-[11px] tabular-nums text-gray-500'
                : 'sr-only'
            }
          >
            {text.length}/{maxLength}
          </span>
        </div>
        <button
          type="button"
          onClick={() => void send()}
          disabled={sending || !text.trim()}
          className="h-10 shrink-0 rounded-full bg-brand px-3 sm:px-4 text-sm font-medium text-white disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          发送
        </button>
      </div>
      <EmojiPanel
        open={emoji}
        onClose={() => setEmoji(false)}
        onSaved={onSaved}
        onEmoji={(e) => setText((t) => (t.length + e.length <= maxLength ? t + e : t))}
      />
    </div>
  );
}
