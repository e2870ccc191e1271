/**
 * Web push in Chromium (docs/push.md): the 红包提醒 switch never asks permission on load and asks
 * once from a tap; a push delivered to the service worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage) is shown as a notification with the room's title, the wish,
 * the tag and the room's url; and the notification's click takes the open window to the room.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './fileServer.ts';
import { ApiClient } from './api.ts';
import {
  controlled,
  e2eFixture,
  logIn,
  newUserName,
  OPERATOR,
  quiet,
  type Browser,
} from './browser.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';

const fx = e2eFixture();
const PASSWORD = 'player123';
let roomCode: string;

beforeAll(async () => {
  const op = new ApiClient(baseUrl());
  await op.login(OPERATOR.userName, OPERATOR.password);
  roomCode = `push${Date.now().toString(36).slice(-6)}`;
  const res = await op.call('POST', '/v1/admin/chat/rooms/save', {
    roomCode,
    title: '推送测试房',
    subTitle: '红包提醒',
  });
  if (res.code !== 1) throw new Error(`room not made: ${res.msg}`);
});

async function player(b: Browser): Promise<void> {
  const userName = newUserName();
  await insertUserWithPassword(fx.sql, userName, PASSWORD);
  await logIn(b, userName, PASSWORD);
}

describe('web push', () => {
  it('the switch asks for permission only when tapped, and says when the browser blocks it', async () => {
    const b = await fx.browser();
    // counts permission requests; the browser answers "denied" as a user who refuses would
    await b.context.addInitScript(() => {
      const w = window as unknown as { __asked: number };
      w.__asked = 0;
      Notification.requestPermission = async () => {
        w.__asked += 1;
        return 'denied';
      };
    });
    await player(b);
    await b.page.goto(`${b.baseUrl}/chatRoom`);
    const toggle = b.page.getByRole('switch', { name: '红包提醒' });
    await toggle.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => b.page.locator('[data-push-state]').getAttribute('data-push-state'), {
        timeout: 15_000,
      })
      .toBe('off');
    await quiet(b.page);
    expect(await b.page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(0);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await b.page
      .getByText('通知已被浏览器阻止，请在浏览器设置中允许本站通知')
      .waitFor({ timeout: 10_000 });
    expect(await b.page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(1);
    expect(await toggle.isDisabled()).toBe(true);
  });

  it('shows a delivered push as a notification, and its click opens the room', async () => {
    const b = await fx.browser();
    await b.context.grantPermissions(['notifications'], { origin: b.baseUrl });
    await player(b);
    await b.page.goto(`${b.baseUrl}/index`);
    await controlled(b.page);

    const cdp = await b.context.newCDPSession(b.page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: typeof registrations }) => registrations.push(...e.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    await expect
      .poll(() => registrations.find((r) => r.scopeURL === `${b.baseUrl}/` && !r.isDeleted), {
        timeout: 10_000,
      })
      .toBeTruthy();
    const registrationId = registrations.find(
      (r) => r.scopeURL === `${b.baseUrl}/` && !r.isDeleted,
    )!.registrationId;

    const url = `/chatRoom/${roomCode}`;
    const payload = {
      title: '推送测试房',
      body: '[红包] 恭喜发财，大发发发发',
      url,
      tag: 'envelope-E2E1',
    };
    const shown = () =>
      b.page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return (await reg.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          icon: n.icon,
          url: (n.data as { url: string }).url,
        }));
      });
    // a push the browser takes before the worker has settled can be lost, as a real push service's
    // can: it is sent again (same tag, so still one notification) until one is shown
    for (let attempt = 0; attempt < 6 && (await shown()).length === 0; attempt++) {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: b.baseUrl,
        registrationId,
        data: JSON.stringify(payload),
      });
      await expect
        .poll(async () => (await shown()).length, { timeout: 5_000 })
        .toBeGreaterThan(0)
        .catch(() => {});
    }
    await expect
      .poll(shown, { timeout: 10_000 })
      .toEqual([{ ...payload, icon: `${b.baseUrl}/icons/icon-192.png` }]);

    // a second push with the same tag replaces the first; an empty push still shows something
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: b.baseUrl,
      registrationId,
      data: JSON.stringify({ ...payload, body: '[红包] 第二个' }),
    });
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: b.baseUrl,
      registrationId,
      data: '',
    });
    await expect
      .poll(async () => (await shown()).map((n) => n.body).sort(), { timeout: 10_000 })
      .toEqual(['[红包] 第二个', '您有一条新消息'].sort());

    // Headless Chromium cannot click a notification: the click is the service worker's own event,
    // dispatched there with the shown notification; the open window is taken to the room.
    const [worker] = b.context.serviceWorkers();
    expect(worker).toBeTruthy();
    await worker.evaluate(async (tag) => {
      const sw = self as unknown as ServiceWorkerGlobalScope;
      const [notification] = await sw.registration.getNotifications({ tag });
      sw.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    }, payload.tag);
    await b.page.waitForURL((u) => u.pathname === url, { timeout: 15_000 });
    await b.page.getByText('推送测试房').first().waitFor({ timeout: 15_000 });
    // the click closed it
    expect((await shown()).map((n) => n.tag)).not.toContain(payload.tag);
  });
});
