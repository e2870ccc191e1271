/** Server configuration from the environment, with the embedded defaults. */
import path from 'node:path';

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
  /** trust X-Forwarded-For (behind a proxy) */
  trustProxy: boolean;
  /** the request line and headers must have arrived within this */
  headersTimeoutMs: number;
  /** the whole request, body included, within this (a phone on a bad network passes) */
  requestTimeoutMs: number;
  /** origins besides the site's own that may send state-changing requests (ALLOWED_ORIGINS) */
  allowedOrigins: string[];
  smtpUrl: string | null;
  logLevel: string;
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
    trustProxy: env.TRUST_PROXY === '1',
    headersTimeoutMs: HEADERS_TIMEOUT_MS,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    allowedOrigins: parseOriginList(env.ALLOWED_ORIGINS ?? ''),
    smtpUrl: env.SMTP_URL || null,
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}

/** `https://site.cn/path` → `https://site.cn`; null for anything but an http(s) URL. */
export function httpOrigin(text: string): string | null {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
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
