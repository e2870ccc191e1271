/** The push calls (docs/push.md): the site's VAPID public key, and this device's subscription. */
import { request } from '../../api/request';

const inline = { inline: true } as const;

export const getVapidPublicKey = () =>
  request<{ publicKey: string }>('GET', '/v1/push/vapidPublicKey', undefined, inline);
export const saveSubscription = (s: { endpoint: string; p256dh: string; auth: string }) =>
  request<null>('POST', '/v1/push/subscribe', s, inline);
export const removeSubscription = (endpoint: string) =>
  request<null>('POST', '/v1/push/unsubscribe', { endpoint }, inline);
