/**
 * The browser's network for the offline tests: navigator.onLine answered from here, the app's
 * network state fresh and watching the browser's online/offline events, and the error a request
 * gets when it finds no network.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { ApiError } from '../../src/client/api/request';
import { resetNetwork, watchNetwork } from '../../src/client/api/network';
import { USER } from './net-fixtures';

let browserOnline = true;

/** navigator.onLine reads what this fixture says (vi.restoreAllMocks undoes it). */
export function spyOnLine(): void {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => browserOnline);
}

/** Before each test: the browser online, the app's network state fresh and watching it. */
export function fakeBrowserNetwork(): void {
  browserOnline = true;
  spyOnLine();
  resetNetwork(true);
  watchNetwork();
}

/** What navigator.onLine says from now on, with no event: a request finds the network gone (or back). */
export function setBrowserOnline(online: boolean): void {
  browserOnline = online;
}

export function goOffline(): void {
  browserOnline = false;
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

export function goOnline(): void {
  browserOnline = true;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

/** What request() throws when the question finds no network. */
export const offlineError = () =>
  new ApiError(-1, '网络连接失败，请检查网络后重试', null, 'offline');

/** Another player on the same device, whose kept answers the first must never see. */
export const OTHER = { ...USER, userId: 8, userName: 'player02' };
