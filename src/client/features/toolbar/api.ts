/** Typed calls of the toolbar: customer-service lines and the embedChat* calls (docs/api.md). */
import { request } from '../../api/request';
import type { ServiceLine } from '../../../domain/toolbar/service';
import type { MuidVouch } from '../../../domain/toolbar/embedChat';

const quiet = { quiet: true } as const;

export type PlayerServiceLine = Omit<ServiceLine, 'enabled'>;

export async function getServiceLines(): Promise<PlayerServiceLine[]> {
  return (
    await request<{ list: PlayerServiceLine[] }>('GET', '/v1/site/customerServiceList', undefined, {
      inline: true,
    })
  ).list;
}

export interface EmbedAccount {
  uid: string;
  userName: string;
  nickName: string;
  avatar: string;
  bound: number;
  muid: string;
}
const C = '/v1/chat';
export const embedChatBindInfo = () =>
  request<EmbedAccount & { tenantName: string; partnerOrigin: string }>(
    'GET',
    `${C}/embedChatBindInfo`,
    undefined,
    quiet,
  );
/** `vouch`: the partner's signature of the muid (docs/embedded-chat.md), passed on as it came. */
export const embedChatGenerateLoginOneTimeKey = (muid: string, vouch: MuidVouch) =>
  request<{ bound: number; muid: string; oneTimeKey: string; expiresInSec: number }>(
    'POST',
    `${C}/embedChatGenerateLoginOneTimeKey`,
    { muid, ...vouch },
    quiet,
  );
export const embedChatAccountBind = (oneTimeKey: string) =>
  request<EmbedAccount>('POST', `${C}/embedChatAccountBind`, { oneTimeKey }, quiet);
export const embedChatAccountRegister = (oneTimeKey: string, nickName?: string) =>
  request<EmbedAccount>('POST', `${C}/embedChatAccountRegister`, { oneTimeKey, nickName }, quiet);
export const embedChatRefreshAccount = () =>
  request<EmbedAccount>('GET', `${C}/embedChatRefreshAccount`, undefined, quiet);
export const embedChatRefreshAvatar = () =>
  request<{ uid: string; avatar: string; muid: string }>(
    'POST',
    `${C}/embedChatRefreshAvatar`,
    undefined,
    quiet,
  );
