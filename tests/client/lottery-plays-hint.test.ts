/**
 * The play catalogue's version check leaves before IndexedDB answers (the held version is hinted in
 * localStorage), and the held copy still decides: a hint that does not match what is held is dropped.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeEnpathUrl } from '../../src/domain/enpath';
import { playsStore, put, read, wipe } from '../../src/client/storage/stores';
import { revalidatePlays } from '../../src/client/features/lottery/storage';
import { USER, catalogueOf, ok } from './lottery-fixtures';

const PLAYS = '/v1/lottery/lotteryPlays';
const KEY = `${USER.userId}:1008`;
let sent: URLSearchParams[] = [];

/** Answers lotteryPlays: unchanged when asked with `current`, else the whole catalogue at `current`. */
function stubPlays(current: string) {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const decoded = decodeEnpathUrl(String(url));
      expect(decoded?.realPath).toBe(PLAYS);
      const query = new URLSearchParams(decoded?.query ?? '');
      sent.push(query);
      const data =
        query.get('version') === current
          ? { lotteryCode: '1008', version: current, unchanged: true }
          : { ...catalogueOf('1008', 'SSC'), version: current };
      return new Response(JSON.stringify(ok(data)), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

beforeEach(async () => {
  localStorage.clear();
  await wipe(playsStore);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('play catalogue version hint', () => {
  it('sends the held version before the held copy is read, and keeps the copy when unchanged', async () => {
    stubPlays('v1');
    await revalidatePlays(USER.userId, '1008'); // nothing held: fetched whole, then stored and hinted in the background
    expect(sent.map((q) => q.get('version'))).toEqual([null]);
    await vi.waitFor(() => expect(localStorage.length).toBe(1)); // the hint, written once the copy is held

    const check = revalidatePlays(USER.userId, '1008');
    // fetch is called synchronously by the request: the question is out before IndexedDB answers
    expect(sent.map((q) => q.get('version'))).toEqual([null, 'v1']);
    const { cached, fresh } = await check;
    expect(cached?.version).toBe('v1');
    expect(fresh).toBeNull();
    expect(sent).toHaveLength(2);
  });

  it('drops the hinted answer when the held copy is gone, and fetches the whole catalogue', async () => {
    stubPlays('v1');
    await revalidatePlays(USER.userId, '1008');
    await vi.waitFor(() => expect(localStorage.length).toBe(1)); // stored and hinted in the background
    await wipe(playsStore); // evicted, or cleared by another tab; the hint survives
    const { cached, fresh } = await revalidatePlays(USER.userId, '1008');
    expect(cached).toBeUndefined();
    expect(fresh?.version).toBe('v1');
    expect(fresh?.catalogue.groups.length).toBeGreaterThan(0);
    await vi.waitFor(async () =>
      expect((await read<{ version: string }>(playsStore, KEY))?.version).toBe('v1'),
    );
  });

  it('checks the version really held when the hint names another one', async () => {
    stubPlays('v2');
    localStorage.setItem(`hy-plays-version:${KEY}`, 'v2');
    await put(playsStore, KEY, { version: 'v1', catalogue: catalogueOf('1008', 'SSC') });
    const { cached, fresh } = await revalidatePlays(USER.userId, '1008');
    expect(cached?.version).toBe('v1');
    expect(fresh?.version).toBe('v2'); // the server was asked about v1, not told v2 is held
    expect(sent.map((q) => q.get('version'))).toEqual(['v2', 'v1']);
  });
});
