/**
 * Shared helpers for server integration tests: a fresh database per test file (cloned from the
 * migrated template), the real app over it, and a client that speaks the wire contract
 * (enpath, form bodies, cookies) through app.inject.
 */
import crypto from 'node:crypto';
import { afterAll, inject } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { loginPasswordHash } from '../../src/domain/credentials.ts';
import type { Envelope } from '../../src/domain/errors.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { connect, type Sql } from '../../src/server/db/client.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { ledgerSum } from '../../src/server/ledger/ledger.ts';
import { clearSettingsCache } from '../../src/server/site/settings.ts';

export interface TestContext {
  app: FastifyInstance;
  sql: Sql;
  config: Config;
  /** a new cookie-keeping client */
  client(ip?: string): TestClient;
  /** creates a user and returns a client logged in as them */
  userClient(opts?: {
    userName?: string;
    password?: string;
    isAgent?: boolean;
    isOperator?: boolean;
  }): Promise<TestClient & { userId: number; userName: string; password: string }>;
}

/**
 * A response body as the tests read it: loose on purpose, since each test asserts the fields it
 * reads; typing every route's answer here would restate the server's types.
 */
// biome-ignore lint/suspicious/noExplicitAny: untyped JSON bodies, checked field by field by the assertions
export type Json = any;

export interface CallResult<T = Json> extends Envelope<T> {
  status: number;
  headers: Record<string, unknown>;
}

export class TestClient {
  cookies = new Map<string, string>();
  constructor(
    private app: FastifyInstance,
    private ip = '127.0.0.1',
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(res: { cookies: { name: string; value: string; maxAge?: number }[] }) {
    for (const c of res.cookies) {
      if (c.value === '' || c.maxAge === 0) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  async get<T = Json>(
    path: string,
    query: Record<string, string | number> = {},
  ): Promise<CallResult<T>> {
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]) => [k, String(v)]),
    ).toString();
    const res = await this.app.inject({
      method: 'GET',
      url: encodeEnpath(path) + (qs ? `?${qs}` : ''),
      headers: { cookie: this.cookieHeader() },
      remoteAddress: this.ip,
    });
    this.keep(res);
    return { ...(res.json() as Envelope<T>), status: res.statusCode, headers: res.headers };
  }

  async post<T = Json>(
    path: string,
    form: Record<string, string | number | boolean> = {},
  ): Promise<CallResult<T>> {
    const body = new URLSearchParams(
      Object.entries(form).map(([k, v]) => [k, String(v)]),
    ).toString();
    const res = await this.app.inject({
      method: 'POST',
      url: encodeEnpath(path),
      headers: { cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
      remoteAddress: this.ip,
    });
    this.keep(res);
    return { ...(res.json() as Envelope<T>), status: res.statusCode, headers: res.headers };
  }

  /** raw inject for odd requests (multipart, bad bodies) with this client's cookies */
  async raw(opts: InjectOptions) {
    const res = await this.app.inject({
      ...opts,
      headers: { ...(opts.headers ?? {}), cookie: this.cookieHeader() },
      remoteAddress: this.ip,
    });
    this.keep(res);
    return res;
  }

  async login(userName: string, password: string) {
    return this.post('/v1/users/login', {
      userName,
      password: loginPasswordHash(userName, password),
      random: crypto.randomUUID(),
    });
  }
}

function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

let seq = 0;
/**
 * A fresh database and app for one test file; closed after the file. `now`: the app's clock of
 * counting windows (AppDeps.now, e.g. chat-fixtures.ts floodClock).
 */
export async function setupTestApp(
  env: Record<string, string> = {},
  opts: { now?: () => number } = {},
): Promise<TestContext> {
  const base = inject('pgBaseUrl');
  const db = `t_${process.pid}_${Date.now()}_${seq++}`;
  const admin = connect(base, 1);
  await admin.unsafe(`create database ${db} template ${inject('pgTemplate')}`);
  await admin.end();
  const sql = connect(withDb(base, db));
  const config = {
    ...loadConfig({ ...process.env, ...env }),
    logLevel: 'silent',
    distDir: '/nonexistent',
  };
  clearSettingsCache();
  const app = await buildApp({ config, sql, now: opts.now });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await sql.end({ timeout: 5 });
  });
  let n = 0;
  const ctx: TestContext = {
    app,
    sql,
    config,
    client: (ip?: string) => new TestClient(app, ip),
    async userClient(opts = {}) {
      const userName = opts.userName ?? `u${Date.now().toString(36)}${n++}`;
      const password = opts.password ?? 'pass1234';
      const userId = (await insertUserWithPassword(sql, userName, password, {
        isAgent: opts.isAgent,
        isOperator: opts.isOperator,
      }))!;
      const c = new TestClient(app);
      const res = await c.login(userName, password);
      if (res.code !== 1) throw new Error(`login failed: ${res.msg}`);
      return Object.assign(c, { userId, userName, password });
    },
  };
  return ctx;
}

/** The zero-sum invariant, for afterEach/afterAll. */
export async function expectZeroSum(sql: Sql): Promise<void> {
  const total = await ledgerSum(sql);
  if (total !== 0) throw new Error(`ledger is not zero-sum: ${total}`);
}
