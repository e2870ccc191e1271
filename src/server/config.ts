/** Server configuration from the environment, with the embedded defaults. */
import net from 'node:net';
import path from 'node:path';
import { httpOrigin } from './http/origin.ts';
import { parseHostList } from './http/publicAddress.ts';

/**
 * Which forwarded hops to believe (TRUST_PROXY, docs/deployment.md): none; the last `hops`
 * entries of X-Forwarded-For, the connecting peer counting as the first; or only peers and
 * entries within these addresses/CIDRs (or proxy-addr's `loopback`, `linklocal`, `uniquelocal`).
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** The bounds on a slow client (Node's headersTimeout, requestTimeout); a late request gets 408. */
export const HEADERS_TIMEOUT_MS = 20_000;
export const REQUEST_TIMEOUT_MS = 30_000;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  pgPort: number | null;
  redisUrl: string | null;
  adminUserName: string;
  adminPassword: string;
  /** false when ADMIN_PASSWORD was not given and the built-in demo default stands in */
  adminPasswordGiven: boolean;
  /** serve the built PWA from here when it exists */
  distDir: string;
  /** seed the demo site (players, agent, content) on an empty database */
  seedDemo: boolean;
  /** which X-Forwarded-* hops to believe (behind a proxy) */
  trustProxy: TrustProxy;
  /** the request line and headers must have arrived within this */
  headersTimeoutMs: number;
  /** the whole request, body included, within this (a phone on a bad network passes) */
  requestTimeoutMs: number;
  /** origins besides the site's own that may send state-changing requests (ALLOWED_ORIGINS) */
  allowedOrigins: string[];
  smtpUrl: string | null;
  logLevel: string;
  /** the only hosts push endpoints may be at (PUSH_ALLOWED_HOSTS); empty: any public internet address */
  pushAllowedHosts: string[];
  /** how long one push service gets to take one push (PUSH_TIMEOUT_MS) */
  pushTimeoutMs: number;
  /**
   * SITE_TEST_HOOKS=1: register the test-only routes (lottery/testDrawRoutes.ts: draw an issue now).
   * Set only by the test servers; refused beside NODE_ENV=production.
   */
  testHooks: boolean;
}

export const DEFAULT_ADMIN = { userName: 'admin', password: 'admin123456' } as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = process.cwd();
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || null,
    pgPort: env.PGPORT ? Number(env.PGPORT) : null,
    redisUrl: env.REDIS_URL || null,
    adminUserName: env.ADMIN_USERNAME || DEFAULT_ADMIN.userName,
    adminPassword: env.ADMIN_PASSWORD || DEFAULT_ADMIN.password,
    adminPasswordGiven: Boolean(env.ADMIN_PASSWORD),
    distDir: path.resolve(root, env.DIST_DIR ?? 'dist'),
    seedDemo: env.SEED_DEMO !== '0',
    trustProxy: parseTrustProxy(env.TRUST_PROXY ?? ''),
    headersTimeoutMs: HEADERS_TIMEOUT_MS,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    allowedOrigins: parseOriginList(env.ALLOWED_ORIGINS ?? ''),
    smtpUrl: env.SMTP_URL || null,
    logLevel: env.LOG_LEVEL ?? 'info',
    pushAllowedHosts: parseHostList(env.PUSH_ALLOWED_HOSTS ?? ''),
    pushTimeoutMs: positiveInt('PUSH_TIMEOUT_MS', env.PUSH_TIMEOUT_MS, 5000),
    testHooks: testHooks(env),
  };
}

/** SITE_TEST_HOOKS: only exactly `1` turns them on, and never in production (the start stops instead). */
function testHooks(env: NodeJS.ProcessEnv): boolean {
  if (env.SITE_TEST_HOOKS !== '1') return false;
  if (env.NODE_ENV === 'production')
    throw new Error('SITE_TEST_HOOKS=1 is for test servers only, not with NODE_ENV=production');
  return true;
}

/** A positive whole number setting, or its default when unset; anything else stops the start. */
function positiveInt(name: string, text: string | undefined, fallback: number): number {
  if (!text) return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new Error(`${name}: not a positive whole number: ${text}`);
  return n;
}

/**
 * `ALLOWED_ORIGINS`: comma- or space-separated `scheme://host[:port]` entries, normalised the way
 * browsers send the Origin header. A malformed entry stops the start rather than being ignored.
 */
export function parseOriginList(text: string): string[] {
  const out = new Set<string>();
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const origin = httpOrigin(entry);
    if (!origin) throw new Error(`ALLOWED_ORIGINS: not an http(s) origin: ${entry}`);
    out.add(origin);
  }
  return [...out];
}

const PROXY_ADDR_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `1.2.3.4`, `10.0.0.0/8`, `::1`, `fd00::/8`, or one of proxy-addr's names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDR_NAMES.has(entry)) return true;
  const [ip, bits, extra] = entry.split('/');
  const family = net.isIP(ip!);
  if (!family || extra !== undefined) return false;
  return (
    bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))
  );
}

/**
 * `TRUST_PROXY`: empty or `0` trusts nothing; a number trusts that many hops (`1`: the one proxy
 * in front); else comma- or space-separated proxy addresses/CIDRs. Anything else stops the start:
 * a typo must not silently trust every client's X-Forwarded-For.
 */
export function parseTrustProxy(text: string): TrustProxy {
  const value = text.trim();
  if (value === '') return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : { hops: Number(value) };
  const addresses = value.split(/[\s,]+/).filter(Boolean);
  for (const entry of addresses) {
    if (!isProxyAddress(entry))
      throw new Error(`TRUST_PROXY: not a hop count or a proxy address: ${entry}`);
  }
  return { addresses };
}

/**
 * Fastify's `trustProxy` for a TrustProxy. A hop count is a function: Fastify's own number form
 * believes no forwarded header at all. Hop 0 is the connecting peer (the proxy), so `hops: 1`
 * makes `req.ip` the right-most X-Forwarded-For entry, the address the proxy saw.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((addr: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('addresses' in trust) return trust.addresses;
  const { hops } = trust;
  return (_addr, hop) => hop < hops;
}
