/**
 * One message row: avatar (opens the player card), masked name (tap: @ that member), the bubble.
 * Text goes through the domain's chatTextHtml (everything escaped, line breaks as <br/>), the only
 * HTML a message ever becomes. Images show their thumbnail; a tap opens the large one. A press of
 * about 1 s, a right click or the keyboard's menu keys open the message's actions (spec 001 §4).
 */
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { ChatMessage } from '../api';
import { currentUser } from '../../../state/session';
import { imagePayload } from '../messages';
import { chatTextHtml } from '../../../../domain/chat/messageTypes';
import { GRADE_MANAGER } from '../../../../domain/chat/constants';
import { envelopePayload } from '../../redEnvelope/payload';
import { EnvelopeCard, type EnvelopeHandlers } from '../../redEnvelope/EnvelopeCard';
import {
  SharedBetCard,
  SharedRecordCard,
  sharedBetsOf,
  sharedRecordOf,
  sharePreview,
} from '../../share/SharedCards';
import { planPayload } from '../../plans/api';
import { PlanCard } from '../../plans/PlanCard';

const LONG_PRESS_MS = 1000;

export interface ItemProps {
  m: ChatMessage;
  mine: boolean;
  onAvatar?(m: ChatMessage): void;
  onName?(m: ChatMessage): void;
  onImage(path: string): void;
  onMenu?(m: ChatMessage): void;
  /** red envelopes (type 3): the cards' local states and the tap */
  envelope?: EnvelopeHandlers;
}

export function Avatar({ src, name, size = 36 }: { src: string; name: string; size?: number }) {
  const letter = (name || '?').slice(0, 1).toUpperCase();
  return src ? (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      className="shrink-0 rounded-full bg-gray-200 object-cover"
      style={{ width: size, height: size }}
      onError={(e) => {
        e.currentTarget.style.visibility = 'hidden';
      }}
    />
  ) : (
    <span
      aria-hidden="true"
      className="flex shrink-0 items-center justify-center rounded-full bg-brand/80 font-semibold text-white"
      style={{ width: size, height: size }}
    >
      {letter}
    </span>
  );
}

export function MessageItem({ m, mine, onAvatar, onName, onImage, onMenu, envelope }: ItemProps) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pressed = useRef(false);
  const img = imagePayload(m);
  const env = img ? null : envelopePayload(m);
  const plan = img || env ? null : planPayload(m);
  // a plan is posted by the site itself: no member behind it to open or mention
  const system = plan !== null && m.userId === '';
  // the server masks names for everyone else; my own name I see whole
  const me = mine ? currentUser.peek() : null;
  const nickname = system ? '计划推送' : me ? me.nickName || me.userName : m.nickname;
  const bets = sharedBetsOf(m);
  const shared = sharePreview(m);
  const manager = m.grade === GRADE_MANAGER;
  const start = (e: PointerEvent) => {
    if (!onMenu || e.button !== 0) return;
    pressed.current = false;
    timer.current = setTimeout(() => {
      pressed.current = true;
      onMenu(m);
    }, LONG_PRESS_MS);
  };
  const end = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const key = (e: KeyboardEvent) => {
    if (onMenu && (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10'))) {
      e.preventDefault();
      onMenu(m);
    }
  };
  const bubble = `max-w-[75vw] sm:max-w-sm rounded-2xl px-3 py-2 text-[15px] leading-snug break-words ${mine ? 'rounded-tr-sm bg-brand text-white' : 'rounded-tl-sm bg-white text-gray-900 shadow-sm'}`;
  return (
    <li
      className={`flex items-start gap-2 px-3 py-1.5 ${mine ? 'flex-row-reverse' : ''}`}
      data-message-id={m.id}
      aria-label={`${nickname}：${img ? '[图片]' : env ? `[红包]${env.wishingRemark}` : plan ? `[计划]${plan.playName}` : (shared ?? m.message)}`}
    >
      <button
        type="button"
        className="rounded-full focus-visible:outline-2 focus-visible:outline-brand"
        onClick={() => onAvatar?.(m)}
        aria-label={`查看${nickname}的资料`}
        disabled={!onAvatar || system}
      >
        <Avatar src={m.avatar} name={nickname} />
      </button>
      <div className={`flex min-w-0 flex-col ${mine ? 'items-end' : 'items-start'}`}>
        <div className="mb-0.5 flex items-center gap-1 text-xs text-gray-600">
          {manager && (
            <span className="rounded bg-amber-500 px-1 text-[10px] leading-4 text-white">管理</span>
          )}
          {onName && !mine && !system ? (
            <button
              type="button"
              className="max-w-40 truncate hover:underline focus-visible:outline-2 focus-visible:outline-brand"
              onClick={() => onName(m)}
              aria-label={`@${nickname}`}
            >
              {nickname}
            </button>
          ) : (
            <span className="max-w-40 truncate">{nickname}</span>
          )}
          <span className="tabular-nums text-gray-500">{m.gmtCreated.slice(11, 16)}</span>
        </div>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the press target of the long-press menu; the keyboard reaches it through tabIndex and the menu keys */}
        <div
          tabIndex={onMenu ? 0 : undefined}
          onPointerDown={start}
          onPointerUp={end}
          onPointerLeave={end}
          onPointerCancel={end}
          onKeyDown={key}
          onContextMenu={(e) => {
            if (onMenu) {
              e.preventDefault();
              end();
              onMenu(m);
            }
          }}
          className="select-text rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          {img ? (
            <button
              type="button"
              onClick={() => {
                if (!pressed.current) onImage(img.imgPath);
              }}
              aria-label="查看大图"
              className="block overflow-hidden rounded-xl bg-gray-200"
            >
              <img
                src={img.thumbPath}
                alt="聊天图片"
                loading="lazy"
                className="max-h-48 max-w-[55vw] sm:max-w-60 object-contain"
              />
            </button>
          ) : env ? (
            <EnvelopeCard
              m={m}
              p={env}
              h={
                envelope && {
                  ...envelope,
                  onTap: (x, p) => {
                    if (!pressed.current) envelope.onTap(x, p);
                  },
                }
              }
            />
          ) : plan ? (
            <PlanCard m={m} p={plan} />
          ) : bets ? (
            <SharedBetCard bets={bets} />
          ) : m.messageTypeId === 9 ? (
            <SharedRecordCard rec={sharedRecordOf(m)} />
          ) : (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: chatTextHtml escapes every character of the user's text; only <br/> is added
            <div className={bubble} dangerouslySetInnerHTML={{ __html: chatTextHtml(m.message) }} />
          )}
        </div>
      </div>
    </li>
  );
}
