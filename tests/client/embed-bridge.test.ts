/** The embedded-chat bridge: only the partner frame on the partner origin is answered, with an explicit targetOrigin. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachEmbedBridge, EMBED_HANDLERS } from '../../src/client/features/toolbar/embedBridge';
import { parseEmbedRequest } from '../../src/domain/toolbar/embedChat';
import { tenantConfig } from '../../src/client/state/tenant';
import { callsTo, ok, refuse, stubNetwork } from './records-net';
import { passTime, useFakeClock } from './clock-fixtures';

const PARTNER = 'https://chat.partner.example';
// The clock is fake so that "nothing was answered" is checked after the bridge's pending work has
// run, not after a guessed real wait; it also runs on by itself for vi.waitFor's polls.
beforeEach(() => {
  useFakeClock();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup() {
  const partner = { postMessage: vi.fn() } as unknown as Window & {
    postMessage: ReturnType<typeof vi.fn>;
  };
  const stop = attachEmbedBridge({
    win: window,
    partnerOrigin: PARTNER,
    partnerWindow: () => partner,
  });
  const send = (data: unknown, origin = PARTNER, source: unknown = partner) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
  return { partner, stop, send };
}
const settle = () => passTime(20);

describe('embedded-chat bridge', () => {
  it('answers the partner with its seq and code, to the partner origin only', async () => {
    tenantConfig.value = { tenantName: '测试站' };
    stubNetwork({
      '/v1/chat/embedChatGenerateLoginOneTimeKey': (c) =>
        ok({ bound: 0, muid: c.body.get('muid'), oneTimeKey: 'k'.repeat(43), expiresInSec: 60 }),
      '/v1/chat/embedChatAccountBind': () => refuse('一次性密钥无效或已过期，请重新发起'),
    });
    const { partner, stop, send } = setup();
    send({ ltType: 'tenantName', seq: 1 });
    send({
      ltType: 'thirdLoginStart',
      seq: 2,
      muid: 'p1',
      expires: 1_900_000_000,
      nonce: 'n'.repeat(22),
      sig: 'a'.repeat(64),
    });
    send({ ltType: 'bindAccount', seq: 3, oneTimeKey: 'x'.repeat(43) });
    send({ ltType: 'bindAccount', seq: 4 });
    send({ ltType: 'thirdLoginStart', seq: 6, muid: 'p1' });
    await vi.waitFor(() => expect(partner.postMessage).toHaveBeenCalledTimes(5));
    const replies = partner.postMessage.mock.calls.map(([m, o]) => {
      expect(o).toBe(PARTNER);
      return m;
    });
    const bySeq = Object.fromEntries(replies.map((r) => [r.seq, r]));
    expect(bySeq[1]).toEqual({
      ltType: 'tenantName',
      seq: 1,
      code: 1,
      msg: '成功',
      data: { tenantName: '测试站' },
    });
    expect(bySeq[2]).toMatchObject({
      ltType: 'thirdLoginStart',
      code: 1,
      data: { muid: 'p1', oneTimeKey: 'k'.repeat(43) },
    });
    const keyCalls = callsTo('/v1/chat/embedChatGenerateLoginOneTimeKey');
    expect(keyCalls.length).toBe(1);
    // the partner's signature of the muid goes to the server as it came
    expect(Object.fromEntries(keyCalls[0]!.body)).toEqual({
      muid: 'p1',
      expires: '1900000000',
      nonce: 'n'.repeat(22),
      sig: 'a'.repeat(64),
    });
    expect(bySeq[6]).toMatchObject({
      ltType: 'thirdLoginStart',
      code: -1,
      msg: '缺少合作方签名',
      data: null,
    });
    expect(bySeq[3]).toMatchObject({
      ltType: 'bindAccount',
      code: -1,
      msg: '一次性密钥无效或已过期，请重新发起',
      data: null,
    });
    expect(bySeq[4]).toMatchObject({ ltType: 'bindAccount', code: -1, msg: '缺少一次性密钥' });
    stop();
    send({ ltType: 'tenantName', seq: 5 });
    await settle();
    expect(partner.postMessage).toHaveBeenCalledTimes(5);
  });

  it('ignores another origin, another window and messages that are not requests', async () => {
    stubNetwork({});
    const { partner, stop, send } = setup();
    send({ ltType: 'tenantName' }, 'https://evil.example');
    send({ ltType: 'tenantName' }, 'https://chat.partner.example.evil.example');
    send({ ltType: 'tenantName' }, PARTNER, window);
    send({ ltType: 'noSuchType' });
    send('tenantName');
    await settle();
    expect(partner.postMessage).not.toHaveBeenCalled();
    send({ ltType: 'tenantName' });
    await vi.waitFor(() => expect(partner.postMessage).toHaveBeenCalledTimes(1));
    stop();
  });

  it('reads requests strictly', () => {
    expect(parseEmbedRequest({ ltType: 'avatarUid', seq: 1.5, muid: 3 })).toEqual({
      ltType: 'avatarUid',
    });
    expect(
      parseEmbedRequest({ ltType: 'thirdLoginStart', muid: 'p', expires: 1.5, nonce: 7, sig: {} }),
    ).toEqual({ ltType: 'thirdLoginStart', muid: 'p' });
    expect(
      parseEmbedRequest({ ltType: 'thirdLoginStart', expires: 12, nonce: 'n', sig: 's' }),
    ).toEqual({ ltType: 'thirdLoginStart', expires: 12, nonce: 'n', sig: 's' });
    expect(parseEmbedRequest(null)).toBeNull();
    expect(Object.keys(EMBED_HANDLERS).sort()).toEqual([
      'avatarUid',
      'bindAccount',
      'bindSuccess',
      'refreshAvatar',
      'registerAccount',
      'tenantName',
      'thirdLoginStart',
    ]);
  });
});
