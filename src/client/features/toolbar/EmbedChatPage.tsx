/**
 * /embedChat: the partner's chat (tenant embedChatUrl) in a frame, with the bridge answering its
 * messages (embedBridge.ts). Reached from the toolbar's 嵌入聊天 entry when the tenant enables it.
 */
import { useEffect, useRef } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Page, LoadingState, EmptyState } from '../../ui';
import { tenantConfig, loadTenantConfig } from '../../state/tenant';
import { originOf } from '../../../domain/toolbar/embedChat';
import { attachEmbedBridge } from './embedBridge';

export default function EmbedChatPage() {
  useSignals();
  const config = tenantConfig.value;
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    void loadTenantConfig();
  }, []);
  const url =
    config?.embedChatEnabled === true && typeof config.embedChatUrl === 'string'
      ? config.embedChatUrl
      : '';
  const origin = url ? originOf(url) : null;
  useEffect(() => {
    if (!origin) return;
    return attachEmbedBridge({
      win: window,
      partnerOrigin: origin,
      partnerWindow: () => frame.current?.contentWindow ?? null,
    });
  }, [origin]);
  if (!config)
    return (
      <Page title="嵌入聊天" back>
        <LoadingState />
      </Page>
    );
  if (!url || !origin)
    return (
      <Page title="嵌入聊天" back>
        <EmptyState text="嵌入聊天未开启" />
      </Page>
    );
  return (
    <div className="flex h-dvh flex-col bg-white">
      <header className="flex h-12 items-center gap-2 border-b border-gray-200 px-2">
        <button
          type="button"
          aria-label="返回"
          onClick={() => window.history.back()}
          className="flex h-11 w-11 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand"
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
        <h1 className="text-base font-semibold text-gray-900">嵌入聊天</h1>
      </header>
      <iframe
        ref={frame}
        src={url}
        title="嵌入聊天"
        className="w-full flex-1 border-0"
        referrerPolicy="origin"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      />
    </div>
  );
}
