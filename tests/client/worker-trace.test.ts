/**
 * The worker's usage trace learns every path change the app makes (history.pushState/replaceState,
 * as wouter's navigate does) and back/forward, not only popstate. This file imports no router itself:
 * the page side of the worker must bring what makes pushState observable.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followPath } from '../../src/client/worker/client';

afterEach(() => {
  history.replaceState(null, '', '/');
});

describe('usage trace path', () => {
  it('follows pushState, replaceState and back/forward', () => {
    history.replaceState(null, '', '/index');
    const setPath = vi.fn();
    const stop = followPath(setPath);
    expect(setPath).toHaveBeenLastCalledWith('/index');
    history.pushState(null, '', '/lotteryHall');
    expect(setPath).toHaveBeenLastCalledWith('/lotteryHall');
    history.pushState(null, '', '/betRecord?tab=1');
    expect(setPath).toHaveBeenLastCalledWith('/betRecord');
    history.replaceState(null, '', '/login');
    expect(setPath).toHaveBeenLastCalledWith('/login');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(setPath).toHaveBeenCalledTimes(5);
    stop();
    history.pushState(null, '', '/about');
    expect(setPath).not.toHaveBeenCalledWith('/about');
  });
});
