/**
 * settled.ts: work that must not take the first screen's connections (the page-view count, the 充值
 * link's channel list, the service worker, the web manifest) waits for the load event, a second
 * more and an idle moment; once the page has settled, later work runs at once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

describe('whenPageSettled', () => {
  it('runs queued work a second after the load event, in order, and later work at once', async () => {
    vi.useFakeTimers();
    const { whenPageSettled } = await import('../../src/client/settled');
    const ran: string[] = [];
    whenPageSettled(() => ran.push('a'));
    whenPageSettled(() => ran.push('b'));
    expect(document.readyState).toBe('complete');
    vi.advanceTimersByTime(999);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    await vi.runAllTimersAsync();
    expect(ran).toEqual(['a', 'b']);
    whenPageSettled(() => ran.push('c'));
    expect(ran).toEqual(['a', 'b', 'c']);
  });
});
