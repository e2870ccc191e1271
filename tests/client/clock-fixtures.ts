/**
 * A fake clock for the jsdom tests that wait for time to pass (debounces, throttles, countdowns,
 * retries, toasts): the test moves the clock by exactly the time the rule names instead of sleeping,
 * so a loaded machine cannot make it flaky and no test pays the wait in wall time.
 *
 * The clock also runs on by itself (shouldAdvanceTime), so testing-library's waitFor and findBy*,
 * which poll on timers, keep working. setImmediate stays real: fake-indexeddb and fetch's Response
 * bodies schedule on it, and a faked one would hold every IndexedDB step for a clock tick.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';

export function useFakeClock(): void {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}

/** Moves the fake clock on by `ms`, running the timers that fall due and what React renders after them. */
export const passTime = (ms: number): Promise<void> =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
