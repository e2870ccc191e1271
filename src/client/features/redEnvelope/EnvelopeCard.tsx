/**
 * The red-envelope bubble of a chat message (type 3): the wish, the state label (未领取 / 已领取 /
 * 已抢完 / 已过期 / 已退回) and the read look (an envelope the viewer has tapped is paler). A tap
 * grabs it (the page's handler); while that request is pending the card says so and ignores taps.
 */
import type { ChatMessage } from '../chat/api';
import {
  cardState,
  EnvState,
  stateLabel,
  type EnvelopeLocal,
  type EnvelopePayload,
} from './payload';

export interface EnvelopeHandlers {
  local: ReadonlyMap<string, EnvelopeLocal>;
  /** the recordId whose grab is pending, if any */
  pending: string | null;
  onTap(m: ChatMessage, p: EnvelopePayload): void;
}

export function EnvelopeIcon({ size = 32 }: { size?: number }) {
  return (
    <svg
      viewBox="0 0 32 40"
      width={size * 0.8}
      height={size}
      aria-hidden="true"
      className="shrink-0"
    >
      <rect
        x="1"
        y="1"
        width="30"
        height="38"
        rx="4"
        fill="#d93a26"
        stroke="#f7c873"
        strokeWidth="1.5"
      />
      <path d="M1 12c8 6 22 6 30 0" fill="none" stroke="#f7c873" strokeWidth="1.5" />
      <circle cx="16" cy="15" r="5" fill="#f7c873" />
      <text x="16" y="17.6" textAnchor="middle" fontSize="7" fontWeight="700" fill="#b3261e">
        福
      </text>
    </svg>
  );
}

export function EnvelopeCard({
  m,
  p,
  h,
}: {
  m: ChatMessage;
  p: EnvelopePayload;
  h?: EnvelopeHandlers;
}) {
  const s = cardState(p, h?.local.get(p.recordId));
  const open = s.state === EnvState.AVAILABLE;
  const label = stateLabel(s.state);
  const pending = h?.pending === p.recordId;
  const faded = s.isRead || !open;
  return (
    <button
      type="button"
      onClick={() => h?.onTap(m, p)}
      disabled={!h}
      aria-busy={pending || undefined}
      aria-label={`红包：${p.wishingRemark}，${label}${s.state === EnvState.RECEIVED && s.amount ? `，${s.amount}元` : ''}${s.isRead ? '' : '，未读'}`}
      data-envelope-state={s.state}
      data-envelope-read={s.isRead ? '1' : '0'}
      className={`block w-56 max-w-[70vw] overflow-hidden rounded-xl text-left shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${faded ? 'opacity-75' : ''}`}
    >
      <span
        className={`flex items-center gap-2.5 px-3 py-3 text-white ${faded ? 'bg-[#f3a28c]' : 'bg-[#f25c3b]'}`}
      >
        <EnvelopeIcon size={34} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-[15px] leading-snug">{p.wishingRemark}</span>
          <span className="mt-0.5 block text-xs text-white/90">
            {pending ? '正在打开…' : label}
            {s.state === EnvState.RECEIVED && s.amount ? ` ${s.amount}元` : ''}
          </span>
        </span>
        {!s.isRead && open && (
          <span className="h-2 w-2 shrink-0 rounded-full bg-yellow-300" aria-hidden="true" />
        )}
      </span>
      <span className="block bg-white px-3 py-1 text-[11px] text-gray-500">
        {p.type === 2 ? '拼手气红包' : '普通红包'}
      </span>
    </button>
  );
}
