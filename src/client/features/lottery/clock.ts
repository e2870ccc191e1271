/**
 * The synced server clock of the lottery screens. The worker measures the offset (server − local) at
 * start-up and stores it in clockStore; until it is there, the serverTime of the last issue answer
 * stands in. Countdowns always read `serverNow()`, never the bare local clock.
 */
import { useEffect, useState } from 'react';
import { clockStore, read } from '../../storage/stores';

let offsetMs = 0;
let measured = false;

export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** Loads the worker's measured offset (once it exists). */
export async function loadClockOffset(): Promise<void> {
  const v = await read<{ offset: number; at: number }>(clockStore, 'offset').catch(() => undefined);
  if (v && Number.isFinite(v.offset)) {
    offsetMs = v.offset;
    measured = true;
  }
}

/** A server timestamp seen in an answer: used only while no measured offset exists. */
export function noteServerTime(serverTimeMs: number, receivedAtMs = Date.now()): void {
  if (!measured && Number.isFinite(serverTimeMs)) offsetMs = serverTimeMs - receivedAtMs;
}

/** For tests. */
export function setClockOffset(ms: number): void {
  offsetMs = ms;
  measured = true;
}

/** Re-renders every `tickMs` with the server time. */
export function useServerNow(tickMs = 1000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    void loadClockOffset().then(() => setNow(serverNow()));
    const t = setInterval(() => setNow(serverNow()), tickMs);
    return () => clearInterval(t);
  }, [tickMs]);
  return now;
}
