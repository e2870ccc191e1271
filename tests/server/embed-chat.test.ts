/**
 * The embedChat* calls: a one-time key is issued only for a muid the partner vouches for (its
 * HMAC-SHA256 signature, docs/embedded-chat.md), single use and short lived; bindings are one to one.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestClient } from './helpers.ts';

const ctx = await setupTestApp();
let op: TestClient;
let alice: TestClient & { userId: number };
let bob: TestClient & { userId: number };
beforeAll(async () => {
  op = await ctx.userClient({ isOperator: true });
  alice = await ctx.userClient();
  bob = await ctx.userClient();
});

let secret = '';
const nowSec = () => Math.floor(Date.now() / 1000);
/** The partner's signature of a muid, computed by the recipe of docs/embedded-chat.md. */
function vouch(muid: string, opts: { key?: string; expires?: number; nonce?: string } = {}) {
  const expires = opts.expires ?? nowSec() + 120;
  const nonce = opts.nonce ?? crypto.randomBytes(16).toString('base64url');
  const sig = crypto
    .createHmac('sha256', opts.key ?? secret)
    .update(`${muid}.${expires}.${nonce}`)
    .digest('hex');
  return { muid, expires, nonce, sig };
}
const keyWith = (c: TestClient, form: Record<string, string | number>) =>
  c.post('/v1/chat/embedChatGenerateLoginOneTimeKey', form);
const keyFor = (c: TestClient, muid: string) => keyWith(c, vouch(muid));

describe('embedded chat', () => {
  it('is refused while the tenant has it off', async () => {
    expect(await alice.get('/v1/chat/embedChatBindInfo')).toMatchObject({
      code: -1,
      msg: '嵌入聊天未开启',
    });
    expect((await ctx.client().get('/v1/chat/embedChatBindInfo')).code).toBe(0);
    const on = await op.post('/v1/admin/site/customerService', {
      embedChatUrl: 'https://partner.example',
      embedChatEnabled: '1',
    });
    expect(on.code, on.msg).toBe(1);
  });

  it('lets only an operator make the partner secret, shows it once and never stores it in an audit', async () => {
    expect((await op.get('/v1/admin/chat/embedChatSecret')).data).toEqual({
      configured: 0,
      partnerOrigin: 'https://partner.example',
    });
    // no secret yet: nothing can be vouched for
    expect((await keyWith(alice, vouch('p_alice', { key: 'x'.repeat(43) }))).msg).toBe(
      '嵌入聊天未配置合作方密钥',
    );
    expect((await alice.post('/v1/admin/chat/embedChatSecret')).status).toBe(403);
    const made = await op.post('/v1/admin/chat/embedChatSecret');
    expect(made.code).toBe(1);
    expect(made.data.partnerOrigin).toBe('https://partner.example');
    secret = made.data.secret;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const shown = await op.get('/v1/admin/chat/embedChatSecret');
    expect(shown.data).toEqual({ configured: 1, partnerOrigin: 'https://partner.example' });
    // an operator may also set the secret the partner gave; it is redacted in the operator audit
    const given = 'G'.repeat(40);
    expect((await op.post('/v1/admin/chat/embedChatSecret', { secret: given })).data.secret).toBe(
      given,
    );
    expect((await op.post('/v1/admin/chat/embedChatSecret', { secret: 'short' })).code).not.toBe(1);
    secret = given;
    const audit =
      await ctx.sql`select body::text as body from admin_audit where path = '/v1/admin/chat/embedChatSecret'`;
    expect(audit.length).toBe(4);
    for (const a of audit) expect(a.body).not.toContain(given);
    const [leak] =
      await ctx.sql`select count(*)::int as n from settings_audit where after::text like ${`%${given}%`} or before::text like ${`%${given}%`}`;
    expect(leak.n).toBe(0);
  });

  it('issues no key, and so no bind, for a muid the partner has not vouched for', async () => {
    const tries: Record<string, string | number>[] = [
      { muid: 'p_alice' },
      vouch('p_alice', { key: 'x'.repeat(43) }),
      { ...vouch('p_mallory'), muid: 'p_alice' },
      { ...vouch('p_alice'), nonce: 'another-nonce-1234' },
      { ...vouch('p_alice'), expires: nowSec() + 100_000 },
      { ...vouch('p_alice'), sig: 'A'.repeat(64) },
    ];
    for (const form of tries) {
      const r = await keyWith(bob, form);
      expect(r.code, JSON.stringify(form)).not.toBe(1);
      expect(r.status).toBeLessThan(500);
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await keyWith(bob, vouch('p_alice', { expires: nowSec() - 1 }))).msg).toBe(
      '合作方签名已过期，请重新发起',
    );
    expect((await keyWith(bob, vouch('p_alice', { expires: nowSec() + 3600 }))).msg).toBe(
      '合作方签名有效期过长',
    );
    // a signature the partner made for alice, replayed by bob after alice used it
    const alices = vouch('p_alice');
    expect((await keyWith(alice, alices)).code).toBe(1);
    expect((await keyWith(bob, alices)).msg).toBe('合作方签名已使用，请重新发起');
    const [keys] =
      await ctx.sql`select count(*)::int as n from embed_chat_keys where user_id = ${bob.userId}`;
    expect(keys.n).toBe(0);
    const [bound] = await ctx.sql`select count(*)::int as n from embed_chat_bindings`;
    expect(bound.n).toBe(0);
  });

  it('refuses a signature made with the secret of a previous partner', async () => {
    const old = vouch('p_alice');
    await op.post('/v1/admin/site/customerService', {
      embedChatUrl: 'https://other-partner.example',
    });
    expect((await keyWith(alice, old)).msg).toBe('嵌入聊天未配置合作方密钥');
    expect((await op.get('/v1/admin/chat/embedChatSecret')).data.configured).toBe(0);
    await op.post('/v1/admin/site/customerService', { embedChatUrl: 'https://partner.example' });
    expect((await keyWith(alice, old)).code).toBe(1);
  });

  it('binds with a key once; the same key never works again', async () => {
    const info = await alice.get('/v1/chat/embedChatBindInfo');
    expect(info.data).toMatchObject({
      uid: String(alice.userId),
      bound: 0,
      muid: '',
      partnerOrigin: 'https://partner.example',
    });
    const k = await keyFor(alice, 'p_alice');
    expect(k.data).toMatchObject({ bound: 0, muid: 'p_alice', expiresInSec: 60 });
    expect(k.data.oneTimeKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // stored hashed: the key's text is nowhere in the table
    const [row] = await ctx.sql<
      { key_hash: Buffer }[]
    >`select key_hash from embed_chat_keys where muid = 'p_alice'`;
    expect(row!.key_hash.toString('base64url')).not.toBe(k.data.oneTimeKey);
    // another account cannot use alice's key
    expect(
      (await bob.post('/v1/chat/embedChatAccountBind', { oneTimeKey: k.data.oneTimeKey })).msg,
    ).toBe('一次性密钥无效或已过期，请重新发起');
    const bound = await alice.post('/v1/chat/embedChatAccountBind', {
      oneTimeKey: k.data.oneTimeKey,
    });
    expect(bound).toMatchObject({
      code: 1,
      msg: '绑定成功',
      data: { bound: 1, muid: 'p_alice', uid: String(alice.userId) },
    });
    expect(
      (await alice.post('/v1/chat/embedChatAccountBind', { oneTimeKey: k.data.oneTimeKey })).msg,
    ).toBe('一次性密钥无效或已过期，请重新发起');
    expect(
      (await alice.post('/v1/chat/embedChatAccountRegister', { oneTimeKey: k.data.oneTimeKey }))
        .code,
    ).toBe(-1);
    // bound already: the login start says so without a key
    expect((await keyFor(alice, 'p_alice')).data).toMatchObject({
      bound: 1,
      muid: 'p_alice',
      oneTimeKey: '',
    });
    expect((await keyFor(alice, 'p_other')).msg).toBe('您的账号已绑定其他聊天账号');
    expect((await keyFor(bob, 'p_alice')).msg).toBe('该聊天账号已绑定其他会员');
    expect((await alice.get('/v1/chat/embedChatRefreshAccount')).data).toMatchObject({
      bound: 1,
      muid: 'p_alice',
    });
  });

  it('refuses an expired key', async () => {
    const k = await keyFor(bob, 'p_bob');
    await ctx.sql`update embed_chat_keys set expires_at = now() - interval '1 second' where muid = 'p_bob'`;
    expect(
      await bob.post('/v1/chat/embedChatAccountRegister', {
        oneTimeKey: k.data.oneTimeKey,
        nickName: '小鲍',
      }),
    ).toMatchObject({ code: -1, msg: '一次性密钥无效或已过期，请重新发起' });
    expect((await bob.get('/v1/chat/embedChatRefreshAccount')).data.bound).toBe(0);
  });

  it('registers with a fresh key, once even when sent twice at the same time', async () => {
    const k = await keyFor(bob, 'p_bob');
    const both = await Promise.all(
      [1, 2].map(() =>
        bob.post('/v1/chat/embedChatAccountRegister', {
          oneTimeKey: k.data.oneTimeKey,
          nickName: '小鲍',
        }),
      ),
    );
    expect(both.map((r) => r.code).sort()).toEqual([-1, 1]);
    const [n] = await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from embed_chat_bindings where user_id = ${bob.userId}`;
    expect(n!.n).toBe(1);
    expect((await bob.post('/v1/chat/embedChatRefreshAvatar')).data).toMatchObject({
      uid: String(bob.userId),
      muid: 'p_bob',
    });
  });

  it('answers bad input with a Chinese message, never a 500', async () => {
    const calls = [
      () => alice.post('/v1/chat/embedChatGenerateLoginOneTimeKey', { muid: '' }),
      () => alice.post('/v1/chat/embedChatGenerateLoginOneTimeKey', { muid: 'a b<c>' }),
      () => alice.post('/v1/chat/embedChatGenerateLoginOneTimeKey', { muid: 'x'.repeat(65) }),
      () => alice.post('/v1/chat/embedChatAccountBind', { oneTimeKey: 'short' }),
      () => alice.post('/v1/chat/embedChatAccountBind', {}),
      () =>
        alice.post('/v1/chat/embedChatAccountRegister', {
          oneTimeKey: 'A'.repeat(43),
          nickName: '<script>',
        }),
      () => alice.post('/v1/chat/embedChatAccountBind', { oneTimeKey: 'A'.repeat(43), extra: 1 }),
    ];
    for (const call of calls) {
      const r = await call();
      expect(r.status).toBeLessThan(500);
      expect(r.code).not.toBe(1);
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(
      (await alice.post('/v1/chat/embedChatAccountBind', { oneTimeKey: 'A'.repeat(43) })).msg,
    ).toBe('一次性密钥无效或已过期，请重新发起');
  });

  it('limits the open keys of one account', async () => {
    const carol = await ctx.userClient();
    for (let i = 0; i < 5; i++) expect((await keyFor(carol, `p_carol${i}`)).code).toBe(1);
    expect((await keyFor(carol, 'p_carol9')).msg).toBe('操作过于频繁，请稍后再试');
  });
});
