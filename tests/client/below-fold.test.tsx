/**
 * A section below the fold (the home page's big wins) renders, and so loads its chunk and asks for
 * its data, only once its place comes near the viewport; until then its placeholder holds the place.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { WhenNear } from '../../src/client/ui/WhenNear';

/** An IntersectionObserver the test drives: `report(true)` says the observed place is in view. */
function stubObserver() {
  const observers: { cb: IntersectionObserverCallback; margin?: string; observed: Element[] }[] =
    [];
  class FakeObserver {
    private readonly me: (typeof observers)[number];
    constructor(cb: IntersectionObserverCallback, opts?: IntersectionObserverInit) {
      this.me = { cb, margin: opts?.rootMargin, observed: [] };
      observers.push(this.me);
    }
    observe(el: Element) {
      this.me.observed.push(el);
    }
    disconnect() {
      this.me.observed = [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observers,
    report(isIntersecting: boolean) {
      for (const o of observers)
        o.cb(
          o.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
          o as unknown as IntersectionObserver,
        );
    },
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WhenNear', () => {
  it('shows the placeholder until the place is in view, then the section, and keeps it', () => {
    const io = stubObserver();
    render(
      <WhenNear placeholder={<p>占位</p>} margin="40px">
        <p>最新中奖</p>
      </WhenNear>,
    );
    expect(screen.getByText('占位')).toBeTruthy();
    expect(screen.queryByText('最新中奖')).toBeNull();
    expect(io.observers[0]?.margin).toBe('40px');
    act(() => io.report(false));
    expect(screen.queryByText('最新中奖')).toBeNull();
    act(() => io.report(true));
    expect(screen.getByText('最新中奖')).toBeTruthy();
    expect(screen.queryByText('占位')).toBeNull();
    // shown once, it stays: the observer is gone
    expect(io.observers.every((o) => o.observed.length === 0)).toBe(true);
  });

  it('shows the section at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNear placeholder={<p>占位</p>}>
        <p>最新中奖</p>
      </WhenNear>,
    );
    expect(screen.getByText('最新中奖')).toBeTruthy();
  });
});
