/**
 * The embedChat* calls (spec 001 section 7) under /v1/chat/, next to the other chat calls. All need
 * a logged-in player and the tenant's embedded chat switched on; the browser's bridge
 * (client/features/toolbar/embedBridge.ts) calls them for the partner's messages. The operator
 * sets the partner's signing secret under /v1/admin/chat/embedChatSecret.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { loggedIn } from '../auth/sessions.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { getTenantConfig } from '../site/tenant.ts';
import { PlainText } from '../http/schemas.ts';
import { OPERATOR } from '../http/schemas.ts';
import {
  MUID_PATTERN,
  ONE_TIME_KEY_PATTERN,
  VOUCH_NONCE_PATTERN,
  VOUCH_SIG_PATTERN,
} from '../../domain/toolbar/embedChat.ts';
import {
  bindingOf,
  bindWithKey,
  checkVouch,
  issueKey,
  partnerSecret,
  setPartnerSecret,
} from './embedChat.ts';

const USER = { auth: 'user' as const };
const Muid = Type.String({ pattern: MUID_PATTERN.source, maxLength: 64 });
const OneTimeKey = Type.String({ pattern: ONE_TIME_KEY_PATTERN.source, maxLength: 43 });
const KeyForm = Form({
  muid: Muid,
  expires: Type.Integer({ minimum: 0, maximum: 2 ** 40 }),
  nonce: Type.String({ pattern: VOUCH_NONCE_PATTERN.source, maxLength: 64 }),
  sig: Type.String({ pattern: VOUCH_SIG_PATTERN.source, maxLength: 64 }),
});
/** the operator's own secret for the partner (else a random one is made) */
const SecretForm = Form({
  secret: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{32,128}$', maxLength: 128 })),
});
const BindForm = Form({ oneTimeKey: OneTimeKey });
const RegisterForm = Form({ oneTimeKey: OneTimeKey, nickName: Type.Optional(PlainText(20)) });

interface AccountRow {
  id: number;
  user_name: string;
  nick_name: string | null;
  avatar: string | null;
}

export default async function embedChatRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  async function enabled() {
    const t = await getTenantConfig(sql);
    if (!t.embedChatEnabled || !t.embedChatPartnerOrigin) refuse('嵌入聊天未开启');
    return t;
  }
  async function account(userId: number) {
    const [u] = await sql<
      AccountRow[]
    >`select id, user_name, nick_name, avatar from users where id = ${userId}`;
    if (!u) refuse('用户不存在');
    const b = await bindingOf(sql, userId);
    return {
      uid: String(u.id),
      userName: u.user_name,
      nickName: u.nick_name ?? '',
      avatar: u.avatar ?? '',
      bound: b ? 1 : 0,
      muid: b?.muid ?? '',
    };
  }

  app.get('/v1/chat/embedChatBindInfo', { config: USER }, async (req) => {
    const t = await enabled();
    const me = loggedIn(req);
    return ok({
      ...(await account(me.userId)),
      tenantName: t.tenantName,
      partnerOrigin: t.embedChatPartnerOrigin,
    });
  });

  app.post<{ Body: Static<typeof KeyForm> }>(
    '/v1/chat/embedChatGenerateLoginOneTimeKey',
    { config: USER, schema: { body: KeyForm } },
    async (req) => {
      const t = await enabled();
      const me = loggedIn(req);
      const secret = await partnerSecret(sql, t.embedChatPartnerOrigin);
      if (!secret) refuse('嵌入聊天未配置合作方密钥');
      await checkVouch(sql, secret, req.body.muid, req.body);
      const r = await issueKey(sql, me.userId, req.body.muid);
      return 'bound' in r
        ? ok({ bound: 1, muid: r.bound.muid, oneTimeKey: '', expiresInSec: 0 })
        : ok({ bound: 0, muid: req.body.muid, ...r });
    },
  );

  app.post<{ Body: Static<typeof BindForm> }>(
    '/v1/chat/embedChatAccountBind',
    { config: USER, schema: { body: BindForm } },
    async (req) => {
      await enabled();
      const me = loggedIn(req);
      await bindWithKey(sql, me.userId, req.body.oneTimeKey, 'bind', '');
      return ok(await account(me.userId), '绑定成功');
    },
  );

  app.post<{ Body: Static<typeof RegisterForm> }>(
    '/v1/chat/embedChatAccountRegister',
    { config: USER, schema: { body: RegisterForm } },
    async (req) => {
      await enabled();
      const me = loggedIn(req);
      const nick = req.body.nickName?.trim() ?? '';
      await bindWithKey(sql, me.userId, req.body.oneTimeKey, 'register', nick);
      return ok(await account(me.userId), '注册成功');
    },
  );

  app.get('/v1/chat/embedChatRefreshAccount', { config: USER }, async (req) => {
    await enabled();
    return ok(await account(loggedIn(req).userId));
  });

  app.post('/v1/chat/embedChatRefreshAvatar', { config: USER }, async (req) => {
    await enabled();
    const a = await account(loggedIn(req).userId);
    return ok({ uid: a.uid, avatar: a.avatar, muid: a.muid });
  });

  /** Whether the current partner has a secret; the secret itself is shown only when it is set. */
  app.get('/v1/admin/chat/embedChatSecret', { config: OPERATOR }, async () => {
    const t = await getTenantConfig(sql);
    const configured = Boolean(
      t.embedChatPartnerOrigin && (await partnerSecret(sql, t.embedChatPartnerOrigin)),
    );
    return ok({ configured: configured ? 1 : 0, partnerOrigin: t.embedChatPartnerOrigin });
  });

  app.post<{ Body: Static<typeof SecretForm> }>(
    '/v1/admin/chat/embedChatSecret',
    { config: OPERATOR, schema: { body: SecretForm } },
    async (req) => {
      const t = await getTenantConfig(sql);
      if (!t.embedChatPartnerOrigin) refuse('请先在客服设置中填写嵌入聊天地址');
      const secret = await setPartnerSecret(sql, t.embedChatPartnerOrigin, req.body.secret);
      return ok(
        { secret, partnerOrigin: t.embedChatPartnerOrigin },
        '合作方密钥已更新，请妥善交给合作方',
      );
    },
  );
}
