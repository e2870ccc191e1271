/**
 * The browser's install prompt (beforeinstallprompt, Chromium browsers): the event fires once, early,
 * often before the /mobile chunk loads, so it is kept from app start (this module is loaded with the
 * route table) until the app page offers it. Safari has no such event: the page shows its steps.
 */
import { signal } from '@preact/signals-react';

export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The kept prompt, or null when the browser offers none (yet). */
export const installPrompt = signal<InstallPromptEvent | null>(null);
/** Set once the app was installed from this page load. */
export const installed = signal(false);

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // keep it for the page's own button instead of the mini-infobar
    installPrompt.value = e as InstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => {
    installed.value = true;
    installPrompt.value = null;
  });
}

/** Whether the page already runs as the installed app (home-screen icon). */
export function runningInstalled(): boolean {
  if (typeof window === 'undefined') return false;
  const nav = navigator as Navigator & { standalone?: boolean };
  return (
    nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true
  );
}

/** Shows the kept prompt; resolves with the user's answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const e = installPrompt.value;
  if (!e) return 'unavailable';
  installPrompt.value = null; // a prompt can be shown once
  await e.prompt();
  const { outcome } = await e.userChoice;
  if (outcome === 'accepted') installed.value = true;
  return outcome;
}
