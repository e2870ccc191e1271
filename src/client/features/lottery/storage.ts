/**
 * Lottery data kept in IndexedDB: the rebate cache per user and family (rebateStore, wiped at login and
 * on a rebate refusal) and the play catalogue per user and lottery with its version (playsStore). Bets in
 * flight are money actions (src/client/money/moneyAction.ts).
 */
import type { LotteryFamily } from '../../../domain/lottery';
import { playsStore, rebateStore, put, read, remove } from '../../storage/stores';
import { getBetRebate, getLotteryPlays, type PlayCatalogue, type RebateInfo, type VersionedPlays } from './api';

const rebateKey = (userId: number, family: LotteryFamily) => `${userId}:${family}`;

/** The user's max rebate and prize group of a family: cached, else fetched and cached. */
export async function loadRebate(userId: number, family: LotteryFamily, fresh = false): Promise<RebateInfo> {
  if (!fresh) {
    const hit = await read<RebateInfo>(rebateStore, rebateKey(userId, family)).catch(() => undefined);
    if (hit) return hit;
  }
  const info = await getBetRebate(family);
  void put(rebateStore, rebateKey(userId, family), info).catch(() => {}); // for next time, not awaited
  return info;
}

export async function dropRebate(userId: number, family: LotteryFamily): Promise<void> {
  await remove(rebateStore, rebateKey(userId, family)).catch(() => {});
}

export interface CachedPlays { version: string; catalogue: PlayCatalogue }

/** Prizes are at the user's prize group: the catalogue is kept per user (0: not logged in). */
const playsKey = (userId: number, lotteryCode: string) => `${userId}:${lotteryCode}`;

export function readCachedPlays(userId: number, lotteryCode: string): Promise<CachedPlays | undefined> {
  return read<CachedPlays>(playsStore, playsKey(userId, lotteryCode)).catch(() => undefined);
}

/**
 * The version of the held catalogue, kept beside it in localStorage: read without waiting, so the
 * version check leaves before IndexedDB has opened. Only a hint: the held copy decides (revalidatePlays).
 */
const hintKey = (userId: number, lotteryCode: string) => `hy-plays-version:${playsKey(userId, lotteryCode)}`;

function versionHint(userId: number, lotteryCode: string): string | null {
  try { return localStorage.getItem(hintKey(userId, lotteryCode)); } catch { return null; }
}

/** Hints the version now held (none: no hint, the check then waits for IndexedDB as without one). */
function noteVersion(userId: number, lotteryCode: string, version: string | undefined): void {
  try {
    if (typeof version === 'string') localStorage.setItem(hintKey(userId, lotteryCode), version);
    else localStorage.removeItem(hintKey(userId, lotteryCode));
  } catch { /* a full storage only costs the head start */ }
}

/** The server's answer to the check of `cached`: null when `cached` is current, else the fresh catalogue (stored). */
async function settlePlays(userId: number, lotteryCode: string, cached: CachedPlays | undefined, res: VersionedPlays): Promise<CachedPlays | null> {
  if (res.unchanged && cached?.version === res.version) return null;
  // an unchanged answer without a held copy (another tab cleared it): ask for the whole catalogue
  const full = res.unchanged ? await getLotteryPlays(lotteryCode) : res;
  if (full.unchanged) throw new Error('玩法数据获取失败，请重试');
  const { version, ...catalogue } = full;
  const fresh: CachedPlays = { version, catalogue };
  // kept for next time without holding up this page: the hint names the version once it is held
  void put(playsStore, playsKey(userId, lotteryCode), fresh).then(() => noteVersion(userId, lotteryCode, version), () => {});
  return fresh;
}

/**
 * Asks the server for the catalogue, sending the version held in `cached`: the fresh catalogue
 * (stored for next time) when it changed, null when `cached` is current.
 */
export async function fetchPlays(userId: number, lotteryCode: string, cached: CachedPlays | undefined): Promise<CachedPlays | null> {
  return settlePlays(userId, lotteryCode, cached, await getLotteryPlays(lotteryCode, cached?.version));
}

/**
 * The catalogue check the betting page makes: the held copy and the server's answer for its version.
 * With a version hint the question leaves at once, beside the IndexedDB read; when the held copy turns
 * out not to carry that version (evicted, another tab), that answer is dropped and the check is made
 * for what is really held, as without a hint.
 */
export async function revalidatePlays(userId: number, lotteryCode: string): Promise<{ cached: CachedPlays | undefined; fresh: CachedPlays | null }> {
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
