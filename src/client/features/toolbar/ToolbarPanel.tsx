/**
 * The toolbar's panel (lazy chunk): 红包 (activity envelopes, badge 9+), 长龙助手, 聊天室 (badge when
 * private chats are unread), 站内信 (badge of unread letters), 客服 (the line picker) and, when the tenant enables it, 嵌入聊天.
 * A guest is asked to log in first for every entry but 客服. About 440 x 640 on a desktop, the
 * whole width less a margin on a phone.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { currentUser } from '../../state/session';
import { tenantConfig } from '../../state/tenant';
import { confirmDialog, showToast } from '../../ui';
import { keys, queryClient } from '../../query';
import { useChatUnread } from '../chat/unread';
import { badgeLabel, LOGIN_FIRST_MSG, NO_SERVICE_LINE_MSG } from '../../../domain/toolbar/service';
import { TOOLBAR_PANEL } from '../../../domain/constants';
import { getServiceLines, type PlayerServiceLine } from './api';
import { useActivityEnvelopeCount } from '../activity/badge';
import { useUnreadLetters } from '../letters/unread';
import { ServicePicker } from './ServicePicker';

interface Entry {
  key: string;
  label: string;
  icon: string;
  badge?: string;
  badgeText?: string;
  needsLogin: boolean;
  run(): void;
}

const ICONS = {
  envelope: 'M5 3h14v18H5zM5 8l7 4 7-4',
  dragon: 'M4 18l4-6 4 3 4-7 4 5M4 21h16',
  chat: 'M4 5h16v10H9l-5 4z',
  service: 'M12 3a7 7 0 00-7 7v4h3v-5H6m12 0h-2v5h3v-4a7 7 0 00-7-7M16 17a4 4 0 01-4 3',
  embed: 'M4 4h16v12H4zM8 20h8M12 16v4',
  letter: 'M3 6h18v12H3zM3 6l9 7 9-7',
};

export default function ToolbarPanel({ onClose }: { onClose(): void }) {
  useSignals();
  const [, navigate] = useLocation();
  const loggedIn = Boolean(currentUser.value?.isLogin);
  const embedEnabled = tenantConfig.value?.embedChatEnabled === true;
  const envelopeCount = useActivityEnvelopeCount(loggedIn);
  const unread = useChatUnread(loggedIn);
  const letters = useUnreadLetters(loggedIn);
  const [lines, setLines] = useState<PlayerServiceLine[] | null>(null);
  const [serviceBusy, setServiceBusy] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const closePicker = useCallback(() => setLines(null), []);

  useEffect(() => {
    panel.current?.querySelector<HTMLButtonElement>('button[data-entry]')?.focus();
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    // the picker, when open, takes Escape first (capture) and stops it
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const go = (to: string) => {
    onClose();
    navigate(to);
  };
  const openService = async () => {
    setServiceBusy(true);
    try {
      const list = await queryClient.fetchQuery({
        queryKey: keys.customerService(),
        queryFn: getServiceLines,
        staleTime: 30_000,
      });
      if (list.length === 0) showToast(NO_SERVICE_LINE_MSG);
      else setLines(list);
    } catch {
      // the request layer has said what went wrong
    } finally {
      setServiceBusy(false);
    }
  };
  const entries: Entry[] = [
    {
      key: 'redEnvelope',
      label: '红包',
      icon: ICONS.envelope,
      badge: badgeLabel(envelopeCount),
      badgeText: `${envelopeCount}个红包可领取`,
      needsLogin: true,
      run: () => go('/redEnvelope'),
    },
    {
      key: 'longDragon',
      label: '长龙助手',
      icon: ICONS.dragon,
      needsLogin: true,
      run: () => go('/longDragon'),
    },
    {
      key: 'chatRoom',
      label: '聊天室',
      icon: ICONS.chat,
      badge: badgeLabel(unread),
      badgeText: `${unread}个私聊未读`,
      needsLogin: true,
      run: () => go('/chatRoom'),
    },
    {
      key: 'letter',
      label: '站内信',
      icon: ICONS.letter,
      badge: badgeLabel(letters),
      badgeText: `${letters}封站内信未读`,
      needsLogin: true,
      run: () => go('/letter'),
    },
    {
      key: 'service',
      label: '客服',
      icon: ICONS.service,
      needsLogin: false,
      run: () => {
        void openService();
      },
    },
  ];
  if (embedEnabled)
    entries.push({
      key: 'embedChat',
      label: '嵌入聊天',
      icon: ICONS.embed,
      needsLogin: true,
      run: () => go('/embedChat'),
    });

  const press = async (e: Entry) => {
    if (e.needsLogin && !loggedIn) {
      if (await confirmDialog(LOGIN_FIRST_MSG)) go('/login');
      return;
    }
    e.run();
  };

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-2">
      <button
        type="button"
        tabIndex={-1}
        aria-label="关闭快捷工具"
        onClick={onClose}
        className="absolute inset-0 cursor-default bg-black/40"
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="toolbar-title"
        data-testid="toolbar-panel"
        style={{ maxWidth: TOOLBAR_PANEL.widthPx, maxHeight: TOOLBAR_PANEL.heightPx }}
        className="relative flex h-auto w-full flex-col overflow-y-auto rounded-2xl bg-white shadow-2xl"
      >
        <div className="flex items-center justify-between border-b border-gray-100 px-4 py-3">
          <h2 id="toolbar-title" className="text-base font-semibold text-gray-900">
            快捷工具
          </h2>
          <button
            type="button"
            aria-label="关闭"
            onClick={onClose}
            className="flex h-11 w-11 items-center justify-center rounded-full text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand"
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
        <ul className="grid grid-cols-3 gap-3 p-4">
          {entries.map((e) => (
            <li key={e.key}>
              <button
                type="button"
                data-entry={e.key}
                onClick={() => {
                  void press(e);
                }}
                disabled={e.key === 'service' && serviceBusy}
                aria-label={e.badge ? `${e.label}（${e.badgeText}）` : e.label}
                className="relative flex min-h-20 w-full flex-col items-center justify-center gap-1 rounded-xl bg-gray-50 px-2 py-3 text-sm text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-60"
              >
                <svg
                  viewBox="0 0 24 24"
                  width="28"
                  height="28"
                  aria-hidden="true"
                  className="text-brand"
                >
                  <path
                    d={e.icon}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinejoin="round"
                    strokeLinecap="round"
                  />
                </svg>
                {e.label}
                {e.badge && (
                  <span
                    aria-hidden="true"
                    data-testid={`badge-${e.key}`}
                    className="absolute top-1 right-2 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 text-white"
                  >
                    {e.badge}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
        {!loggedIn && (
          <p className="px-4 pb-4 text-center text-xs text-gray-500">
            登录后可使用红包、长龙助手、聊天室与站内信
          </p>
        )}
      </div>
      {lines && <ServicePicker lines={lines} onClose={closePicker} onPicked={onClose} />}
    </div>
  );
}
