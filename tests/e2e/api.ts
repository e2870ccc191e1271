/**
 * A small wire-contract client for what the tests do outside the browser (the operator's
 * switches, the benchmarks' logins): enpath URLs, form bodies, one cookie jar per client.
 */
import crypto from 'node:crypto';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { loginPasswordHash } from '../../src/domain/credentials.ts';
import type { Envelope } from '../../src/domain/errors.ts';

export class ApiClient {
  private cookies = new Map<string, string>();
  constructor(private baseUrl: string) {}

  private keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async call<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, string | number> = {},
  ): Promise<Envelope<T>> {
    const form = new URLSearchParams(
      Object.entries(params).map(([k, v]) => [k, String(v)]),
    ).toString();
    const url = this.baseUrl + encodeEnpath(path) + (method === 'GET' && form ? `?${form}` : '');
    const res = await fetch(url, {
      method,
      headers: {
        cookie: this.cookieHeader(),
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: method === 'POST' ? form : undefined,
    });
    this.keep(res);
    return (await res.json()) as Envelope<T>;
  }

  /** Logs in with the client-side credential hash, as the login page does; throws on refusal. */
  async login(userName: string, password: string): Promise<void> {
    const res = await this.call('POST', '/v1/users/login', {
      userName,
      password: loginPasswordHash(userName, password),
      random: crypto.randomBytes(8).toString('hex'),
    });
    if (res.code !== 1) throw new Error(`login ${userName} refused: ${res.code} ${res.msg}`);
  }
}
