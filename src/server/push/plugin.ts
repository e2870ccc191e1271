/**
 * Web push (docs/push.md): the VAPID key pair (made at the first start), the sender every
 * instance uses for the messages it stores, and the calls under /v1/push/:
 * GET vapidPublicKey, POST subscribe (endpoint, p256dh, auth), POST unsubscribe (endpoint).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Type, type Static } from '@sinclair/typebox';
import { loggedIn } from '../auth/sessions.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { PUSH_MSG, subscriptionRefusal } from '../../domain/push.ts';
import { EndpointRule } from './endpoints.ts';
import { PushSender } from './sender.ts';
import { removeSubscription, saveSubscription } from './subscriptions.ts';
import { ensureVapidKeys } from './vapid.ts';

declare module 'fastify' {
  interface FastifyInstance {
    push: PushSender;
  }
}

/** The contact push services are given in the VAPID token (an https URL or a mailto: address). */
const DEFAULT_SUBJECT = 'mailto:webpush@hongyun-lottery.invalid';

const CLOSE_WAIT_MS = 5000;
const USER = { auth: 'user' as const };
// missing or overlong fields are refused by subscriptionRefusal with its Chinese messages (the
// body limit bounds them); the schema only refuses unknown fields and non-strings
const Text = Type.String({ default: '' });
const SubscribeBody = Form({ endpoint: Text, p256dh: Text, auth: Text });
const UnsubscribeBody = Form({ endpoint: Text });
type Subscribe = Static<typeof SubscribeBody>;
type Unsubscribe = Static<typeof UnsubscribeBody>;

async function pushPlugin(app: FastifyInstance) {
  const sql = app.deps.sql;
  const keys = await ensureVapidKeys(sql);
  const { pushAllowedHosts, pushTimeoutMs } = app.deps.config;
  const rule = new EndpointRule(pushAllowedHosts);
  const subject = process.env.VAPID_SUBJECT || DEFAULT_SUBJECT;
  const sender = new PushSender(sql, keys, {
    subject,
    rule,
    timeoutMs: pushTimeoutMs,
    log: app.log,
  });
  app.decorate('push', sender);
  // a close lets deliveries under way finish, for at most CLOSE_WAIT_MS
  app.addHook('onClose', async () => {
    await Promise.race([
      sender.idle(),
      new Promise<void>((r) => setTimeout(r, CLOSE_WAIT_MS).unref()),
    ]);
    rule.close();
  });

  app.get('/v1/push/vapidPublicKey', { config: USER }, async () =>
    ok({ publicKey: sender.publicKey }),
  );

  app.post<{ Body: Subscribe }>(
    '/v1/push/subscribe',
    { config: USER, schema: { body: SubscribeBody } },
    async (req) => {
      const refusal = subscriptionRefusal(req.body);
      if (refusal) refuse(refusal);
      // only a push service's address: never the site's own network (endpoints.ts)
      if (!(await rule.allows(req.body.endpoint))) refuse(PUSH_MSG.endpoint);
      await saveSubscription(sql, loggedIn(req).userId, req.body);
      return ok(null, '已开启红包提醒');
    },
  );

  app.post<{ Body: Unsubscribe }>(
    '/v1/push/unsubscribe',
    { config: USER, schema: { body: UnsubscribeBody } },
    async (req) => {
      if (!req.body.endpoint) refuse(PUSH_MSG.endpoint);
      await removeSubscription(sql, loggedIn(req).userId, req.body.endpoint);
      return ok(null, '已关闭红包提醒');
    },
  );
}

export default fp(pushPlugin, { name: 'push' });
