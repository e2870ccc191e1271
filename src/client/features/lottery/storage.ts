/**
 * Lottery data kept in IndexedDB: the rebate cache per user and family (rebateStore: asked afresh once
 * per app start, the held copy used offline; dropped on a rebate refusal, wiped at logout) and the play catalogue per user and lottery with its version (playsStore). Bets in
 * flight are money actions (src/client/money/moneyAction.ts).
 */
import type { LotteryFamily } from '../../../domain/lottery';
import { playsStore, rebateStore, put, read, remove } from '../../storage/stores';
import { getLotteryPlays, type PlayCatalogue, type VersionedPlays } from './api';
import { getBetRebate, type RebateInfo } from './betsApi';
import { isOfflineError } from '../../api/request';
import { noteHeldContent } from '../../api/network';

const rebateKey = (userId: number, family: LotteryFamily) => `${userId}:${family}`;
/**
 * The rebates asked of the server since this app start. The spec clears the rebate cache at each start
 * while logged in; it is not wiped here (a page opened offline later would have none to show its
 * numbers with), but a held copy is used only once the server has answered for it in this run, or
 * when the server cannot be asked at all.
 */
const askedThisRun = new Set<string>();

/** The user's max rebate and prize group of a family: cached (once asked this run), else fetched and cached; offline, the held copy. */
export async function loadRebate(
  userId: number,
  family: LotteryFamily,
  fresh = false,
): Promise<RebateInfo> {
  const key = rebateKey(userId, family);
  const held = () => read<RebateInfo>(rebateStore, key).catch(() => undefined);
  if (!fresh && askedThisRun.has(key)) {
    const hit = await held();
    if (hit) return hit;
  }
  try {
    const info = await getBetRebate(family);
    askedThisRun.add(key);
    void put(rebateStore, key, info).catch(() => {}); // for next time, not awaited
    return info;
  } catch (e) {
    const hit = isOfflineError(e) ? await held() : undefined;
    if (!hit) throw e;
    noteHeldContent();
    return hit;
  }
}

/** For tests: as at a new app start, every rebate is asked of the server again. */
export function forgetRebatesAsked(): void {
  askedThisRun.clear();
}

export async function dropRebate(userId: number, family: LotteryFamily): Promise<void> {
  askedThisRun.delete(rebateKey(userId, family));
  await remove(rebateStore, rebateKey(userId, family)).catch(() => {});
}

export interface CachedPlays {
  version: string;
  catalogue: PlayCatalogue;
}

/** Prizes are at the user's prize group: the catalogue is kept per user (0: not logged in). */
const playsKey = (userId: number, lotteryCode: string) => `${userId}:${lotteryCode}`;

export function readCachedPlays(
  userId: number,
  lotteryCode: string,
): Promise<CachedPlays | undefined> {
  return read<CachedPlays>(playsStore, playsKey(userId, lotteryCode)).catch(() => undefined);
}

/**
 * The version of the held catalogue, kept beside it in localStorage: read without waiting, so the
 * version check leaves before IndexedDB has opened. Only a hint: the held copy decides (revalidatePlays).
 */
const hintKey = (userId: number, lotteryCode: string) =>
  `hy-plays-version:${playsKey(userId, lotteryCode)}`;

function versionHint(userId: number, lotteryCode: string): string | null {
  try {
    return localStorage.getItem(hintKey(userId, lotteryCode));
  } catch {
    return null;
  }
}

/** Hints the version now held (none: no hint, the check then waits for IndexedDB as without one). */
function noteVersion(userId: number, lotteryCode: string, version: string | undefined): void {
  try {
    if (typeof version === 'string') localStorage.setItem(hintKey(userId, lotteryCode), version);
    else localStorage.removeItem(hintKey(userId, lotteryCode));
  } catch {
    /* a full storage only costs the head start */
  }
}

/** The server's answer to the check of `cached`: null when `cached` is current, else the fresh catalogue (stored). */
async function settlePlays(
  userId: number,
  lotteryCode: string,
  cached: CachedPlays | undefined,
  res: VersionedPlays,
): Promise<CachedPlays | null> {
  if (res.unchanged && cached?.version === res.version) return null;
  // an unchanged answer without a held copy (another tab cleared it): ask for the whole catalogue
  const full = res.unchanged ? await getLotteryPlays(lotteryCode) : res;
  if (full.unchanged) throw new Error('玩法数据获取失败，请重试');
  const { version, ...catalogue } = full;
  const fresh: CachedPlays = { version, catalogue };
  // kept for next time without holding up this page: the hint names the version once it is held
  void put(playsStore, playsKey(userId, lotteryCode), fresh).then(
    () => noteVersion(userId, lotteryCode, version),
    () => {},
  );
  return fresh;
}

/**
 * Asks the server for the catalogue, sending the version held in `cached`: the fresh catalogue
 * (stored for next time) when it changed, null when `cached` is current.
 */
export async function fetchPlays(
  userId: number,
  lotteryCode: string,
  cached: CachedPlays | undefined,
): Promise<CachedPlays | null> {
  return settlePlays(
    userId,
    lotteryCode,
    cached,
    await getLotteryPlays(lotteryCode, cached?.version),
  );
}

/**
 * The catalogue check the betting page makes: the held copy and the server's answer for its version.
 * With a version hint the question leaves at once, beside the IndexedDB read; when the held copy turns
 * out not to carry that version (evicted, another tab), that answer is dropped and the check is made
 * for what is really held, as without a hint.
 */
export async function revalidatePlays(
  userId: number,
  lotteryCode: string,
): Promise<{ cached: CachedPlays | undefined; fresh: CachedPlays | null }> {
  const hint = versionHint(userId, lotteryCode);
  const early = hint ? getLotteryPlays(lotteryCode, hint) : undefined;
  early?.catch(() => {}); // dropped when the hint is wrong; otherwise awaited below
  const cached = await readCachedPlays(userId, lotteryCode);
  if (!early || cached?.version !== hint) {
    if (early !== undefined) noteVersion(userId, lotteryCode, cached?.version); // a wrong hint is not sent twice
    return { cached, fresh: await fetchPlays(userId, lotteryCode, cached) };
  }
  return { cached, fresh: await settlePlays(userId, lotteryCode, cached, await early) };
}
