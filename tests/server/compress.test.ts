/**
 * Compressed API answers (@fastify/compress, registered in app.ts) and the play catalogue's version (lottery/routes.ts):
 * big JSON answers come back br or gzip by Accept-Encoding and decode to the same envelope, small
 * ones come back as they are, and a caller holding the catalogue's version is told it is unchanged.
 */
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { COMPRESS_MIN_BYTES } from '../../src/server/app.ts';
import { setupTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestApp();
});

const plays = (query = 'lotteryCode=1008') =>
  `${encodeEnpath('/v1/lottery/lotteryPlays')}?${query}`;
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('the coding picked from Accept-Encoding', () => {
  it('prefers br, falls back to gzip, honours q=0 and *', async () => {
    const coding = async (accept: string | undefined) =>
      (await get(plays(), accept === undefined ? {} : { 'accept-encoding': accept })).headers[
        'content-encoding'
      ] ?? null;
    expect(await coding('gzip, deflate, br, zstd')).toBe('br');
    expect(await coding('gzip')).toBe('gzip');
    expect(await coding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(await coding('identity')).toBeNull();
    // any coding will do: @fastify/compress reads `*` as gzip (the older clients that send it know gzip)
    expect(await coding('*')).toBe('gzip');
    expect(await coding(undefined)).toBeNull();
  });
});

describe('compressed JSON answers', () => {
  it('sends the catalogue br or gzip, decoding to the same envelope, with Vary: Accept-Encoding', async () => {
    const plain = await get(plays());
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const envelope = plain.json();
    expect(envelope.code).toBe(1);

    const br = await get(plays(), { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/Accept-Encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(envelope);

    const gz = await get(plays(), { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary)).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(envelope);
  });

  it('leaves small answers uncompressed, still with Vary', async () => {
    const res = await get(encodeEnpath('/v1/betting/getServerTimeMillisecond'), {
      'accept-encoding': 'br, gzip',
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/Accept-Encoding/i);
    expect(res.json().code).toBe(1);
  });

  it('sends plain JSON to a client that accepts no coding', async () => {
    const res = await get(plays('lotteryCode=1008'), { 'accept-encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().code).toBe(1);
  });
});

describe('catalogue version', () => {
  it('is sent with the catalogue and as its ETag; the same version gets a short unchanged answer or a 304', async () => {
    const first = await get(plays());
    const { data } = first.json();
    expect(data.version).toMatch(/^[0-9a-f]{20}$/);
    expect(data.groups.length).toBeGreaterThan(0);
    expect(first.headers.etag).toBe(`"${data.version}"`);

    const again = (await get(plays())).json();
    expect(again.data.version).toBe(data.version);

    const unchanged = await get(plays(`lotteryCode=1008&version=${data.version}`));
    expect(unchanged.json()).toMatchObject({
      code: 1,
      data: { lotteryCode: '1008', version: data.version, unchanged: true },
    });
    expect(unchanged.json().data.groups).toBeUndefined();

    const stale = (await get(plays('lotteryCode=1008&version=0000'))).json();
    expect(stale.data.groups.length).toBe(data.groups.length);

    const notModified = await get(plays(), { 'if-none-match': `"${data.version}"` });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
  });

  it('changes when the operator changes the odds of a play of the lottery', async () => {
    const catalogue = (await get(plays('lotteryCode=1008'))).json().data;
    const other = (await get(plays('lotteryCode=1301'))).json().data.version;
    expect(other).not.toBe(catalogue.version);
    const oddsPlay = catalogue.groups
      .flatMap(
        (g: { plays: { model: string; playDetailCode: string; tiers: { id: string }[] }[] }) =>
          g.plays,
      )
      .find((p: { model: string }) => p.model === 'odds');
    const admin = await ctx.userClient({ isOperator: true });
    const res = await admin.post('/v1/admin/lottery/odds', {
      lotteryCode: '1008',
      playCode: oddsPlay.playDetailCode.slice('1008'.length),
      tierId: oddsPlay.tiers[0].id,
      odds: '1.01',
    });
    expect(res.code, res.msg).toBe(1);
    const after = (await get(plays(`lotteryCode=1008&version=${catalogue.version}`))).json().data;
    expect(after.unchanged).toBeUndefined();
    expect(after.version).not.toBe(catalogue.version);
  });
});
