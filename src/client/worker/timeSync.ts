/**
 * Server-time sync (spec 000 section 4): several probes, offset from the smallest
 * round trip, retry when that round trip exceeds 1000 ms, give up after more than 4 attempts.
 */
import { TIME_SYNC_MAX_ATTEMPTS, TIME_SYNC_RTT_LIMIT_MS } from '../../domain/constants';

export const TIME_SYNC_FAILED_MSG = '无法同步服务器时间，您将无法投注，请检查网络';
export const PROBES_PER_ATTEMPT = 3;

export interface Probe {
  sentAt: number;
  receivedAt: number;
  serverTime: number;
}
export type ProbeFn = () => Promise<Probe | null>;

/** Offset (server - local) from the probe with the smallest round trip, or null if none qualifies. */
export function offsetFromProbes(probes: Probe[]): number | null {
  let best: Probe | null = null;
  for (const p of probes)
    if (!best || p.receivedAt - p.sentAt < best.receivedAt - best.sentAt) best = p;
  if (!best) return null;
  const rtt = best.receivedAt - best.sentAt;
  if (rtt > TIME_SYNC_RTT_LIMIT_MS) return null;
  return Math.round(best.serverTime + rtt / 2 - best.receivedAt);
}

export async function syncServerTime(
  probe: ProbeFn,
): Promise<{ offset: number | null; attempts: number }> {
  let attempts = 0;
  while (attempts <= TIME_SYNC_MAX_ATTEMPTS) {
    attempts += 1;
    const probes: Probe[] = [];
    for (let i = 0; i < PROBES_PER_ATTEMPT; i++) {
      const p = await probe();
      if (p) probes.push(p);
    }
    const offset = offsetFromProbes(probes);
    if (offset !== null) return { offset, attempts };
  }
  return { offset: null, attempts };
}

/**
 * What the page does after a sync: keep the offset; try again once the network is back (a failure
 * offline says nothing about the server's clock, and warning about it on every page helps no one);
 * or warn, once per browser session (`warnedBefore`), since betting stays possible on the answer's time.
 */
export type SyncOutcome = 'synced' | 'retryWhenOnline' | 'warn' | 'quiet';

export function afterSync(
  offset: number | null,
  online: boolean,
  warnedBefore: boolean,
): SyncOutcome {
  if (offset !== null) return 'synced';
  if (!online) return 'retryWhenOnline';
  return warnedBefore ? 'quiet' : 'warn';
}
