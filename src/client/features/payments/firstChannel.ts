/**
 * Where a 充值 link goes: the first channel of PaySort (spec 000 §8: "Recharge goes to the first
 * recharge channel"). The list is asked once per logged-in user and kept in a signal; until it is known
 * the link points at the first channel of the catalogue, and the recharge page itself moves to the
 * first enabled channel when it is opened on one that is switched off.
 */
import { signal, type Signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { CHANNEL_PAGES, channelUrl } from '../../../domain/rechargeChannels';
import { navigate } from 'wouter/use-browser-location';
import { currentUser } from '../../state/session';
import { getPaySort, type PaySortItem } from './api';
import { whenPageSettled } from '../../settled';

export const FALLBACK_RECHARGE_PATH = channelUrl(CHANNEL_PAGES[0].code);

/** The path of the first PaySort channel (the fallback until the list is known). */
export const firstRechargePath: Signal<string> = signal(FALLBACK_RECHARGE_PATH);

let asked: { userId: number; list: Promise<PaySortItem[]> } | null = null;

/** Records a PaySort list seen by anyone (the recharge page loads it too). */
export function notePaySort(list: PaySortItem[]): void {
  firstRechargePath.value = list[0] ? channelUrl(list[0].code) : FALLBACK_RECHARGE_PATH;
}

/** The first channel's path, asking PaySort (quietly) once per user. */
export async function loadFirstRechargePath(): Promise<string> {
  const userId = currentUser.value?.userId;
  if (!userId) return FALLBACK_RECHARGE_PATH;
  if (!asked || asked.userId !== userId) {
    const list = getPaySort(true);
    asked = { userId, list };
    list.then(notePaySort, () => {
      if (asked?.list === list) asked = null;
    });
  }
  try {
    const list = await asked.list;
    return list[0] ? channelUrl(list[0].code) : FALLBACK_RECHARGE_PATH;
  } catch {
    return firstRechargePath.value;
  }
}

/** Opens the first recharge channel (the bet slip's 余额不足 → 充值). */
export async function goRecharge(): Promise<void> {
  navigate(await loadFirstRechargePath());
}

/** The href of a 充值 link, kept up to date for the logged-in user. */
export function useFirstRechargePath(): string {
  useSignals();
  const userId = currentUser.value?.userId;
  // a hint for the link only (goRecharge asks itself): it waits until the page's own data is in
  useEffect(() => {
    if (userId)
      whenPageSettled(() => {
        void loadFirstRechargePath();
      });
  }, [userId]);
  return firstRechargePath.value;
}

/** Whether a location is one of the recharge pages (to mark the 充值 tab as current). */
export const isRechargePath = (path: string) => path.startsWith('/recharge/');
