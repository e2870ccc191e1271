/**
 * The parts `npm run screenshots` (screenshots.ts) and its shot lists (shotsChat.ts) share: the
 * shot description, the two viewports, a throwing `must` (outside vitest) and a wait for a text.
 */
import type { Page } from 'playwright-core';
import type { ApiClient } from '../tests/e2e/api.ts';
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type Login = { userName: string; password: string };

export interface Shot {
  name: string;
  path: string;
  as?: Login;
  /** after the page settled, before the screenshot */
  prepare?: (page: Page) => Promise<void>;
  /** the operator console is a desktop screen: taken at DESKTOP instead of the phone's 360x740 */
  viewport?: { width: number; height: number };
}

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

export async function must<T>(
  api: ApiClient,
  method: 'GET' | 'POST',
  p: string,
  params: Record<string, string | number> = {},
): Promise<T> {
  const res = await api.call<T>(method, p, params);
  if (res.code !== 1) throw new Error(`${method} ${p} refused: ${res.code} ${res.msg}`);
  return res.data;
}

export async function waitText(
  read: () => Promise<string | null>,
  want: string,
  timeoutMs = 15_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const text = (await read().catch(() => null)) ?? '';
    if (text.includes(want)) return;
    if (Date.now() > until)
      throw new Error(`waited ${timeoutMs} ms for "${want}", saw "${text.slice(0, 200)}"`);
    await sleep(200);
  }
}
