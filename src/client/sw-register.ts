/** Service worker registration with workbox-window; updates wait for the user's word. */
import { signal } from '@preact/signals-react';
import type { Workbox } from 'workbox-window';

export const updateReady = signal(false);
let wb: Workbox | null = null;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  void import('workbox-window').then(({ Workbox }) => {
    wb = new Workbox('/sw.js');
    wb.addEventListener('waiting', () => {
      updateReady.value = true;
    });
    wb.addEventListener('controlling', () => {
      window.location.reload();
    });
    void wb.register();
  });
}

/** True while a money form (recharge, withdraw, transfer, bet) is on screen. */
export function moneyFormOpen(): boolean {
  return document.querySelector('[data-money-form]') !== null;
}

/** Applies the waiting worker; refused while a money form is open. */
export function applyUpdate(): boolean {
  if (!wb || moneyFormOpen()) return false;
  wb.messageSkipWaiting();
  return true;
}
