/**
 * The site's half of the embedded-chat bridge (spec 001 section 4, docs/embedded-chat.md). It
 * answers the partner's cross-window requests and nothing else: a message counts only when it
 * comes from the configured partner origin AND from the partner's own frame; every reply goes to
 * that frame with the partner origin as targetOrigin, never '*'.
 */
import {
  LtType,
  parseEmbedRequest,
  type EmbedReply,
  type EmbedRequest,
  type LtTypeName,
} from '../../../domain/toolbar/embedChat';
import { ApiError } from '../../api/request';
import { tenantName } from '../../state/tenant';
import {
  embedChatAccountBind,
  embedChatAccountRegister,
  embedChatBindInfo,
  embedChatGenerateLoginOneTimeKey,
  embedChatRefreshAccount,
  embedChatRefreshAvatar,
} from './api';

export type EmbedHandler = (req: EmbedRequest) => Promise<unknown>;

const missing = (what: string) => Promise.reject(new ApiError(-1, `缺少${what}`));

/** What each request does: the embedChat* calls, or a local answer. */
export const EMBED_HANDLERS: Record<LtTypeName, EmbedHandler> = {
  [LtType.thirdLoginStart]: (r) => {
    if (!r.muid) return missing('聊天账号');
    if (r.expires === undefined || !r.nonce || !r.sig) return missing('合作方签名');
    return embedChatGenerateLoginOneTimeKey(r.muid, {
      expires: r.expires,
      nonce: r.nonce,
      sig: r.sig,
    });
  },
  [LtType.bindAccount]: (r) =>
    r.oneTimeKey ? embedChatAccountBind(r.oneTimeKey) : missing('一次性密钥'),
  [LtType.registerAccount]: (r) =>
    r.oneTimeKey ? embedChatAccountRegister(r.oneTimeKey, r.nickName) : missing('一次性密钥'),
  [LtType.bindSuccess]: () => embedChatRefreshAccount(),
  [LtType.avatarUid]: async () => {
    const a = await embedChatBindInfo();
    return { uid: a.uid, avatar: absoluteAvatar(a.avatar), muid: a.muid, bound: a.bound };
  },
  [LtType.refreshAvatar]: async () => {
    const a = await embedChatRefreshAvatar();
    return { ...a, avatar: absoluteAvatar(a.avatar) };
  },
  [LtType.tenantName]: async () => ({ tenantName: tenantName() }),
};

/** The partner is on another origin: an avatar path of this site is given as a full URL. */
function absoluteAvatar(avatar: string): string {
  if (!avatar) return '';
  try {
    return new URL(avatar, window.location.origin).href;
  } catch {
    return '';
  }
}

export async function answer(
  req: EmbedRequest,
  handlers: Record<LtTypeName, EmbedHandler> = EMBED_HANDLERS,
): Promise<EmbedReply> {
  try {
    const data = await handlers[req.ltType](req);
    return { ltType: req.ltType, seq: req.seq, code: 1, msg: '成功', data };
  } catch (e) {
    const err = e instanceof ApiError ? e : null;
    return {
      ltType: req.ltType,
      seq: req.seq,
      code: err?.code ?? -1,
      msg: err?.message ?? '操作失败',
      data: null,
    };
  }
}

/**
 * Listens on `win` for the partner frame's requests; returns the function that stops listening.
 * `partnerWindow` is read per message (the frame's window exists once it has loaded).
 */
export function attachEmbedBridge(opts: {
  win: Window;
  partnerOrigin: string;
  partnerWindow(): Window | null;
  handlers?: Record<LtTypeName, EmbedHandler>;
  onRequest?(req: EmbedRequest): void;
}): () => void {
  const listener = (event: MessageEvent) => {
    if (!opts.partnerOrigin || event.origin !== opts.partnerOrigin) return;
    const partner = opts.partnerWindow();
    if (!partner || event.source !== partner) return;
    const req = parseEmbedRequest(event.data);
    if (!req) return;
    opts.onRequest?.(req);
    void answer(req, opts.handlers).then((reply) => partner.postMessage(reply, opts.partnerOrigin));
  };
  opts.win.addEventListener('message', listener);
  return () => opts.win.removeEventListener('message', listener);
}
