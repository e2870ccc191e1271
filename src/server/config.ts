/** Server configuration from the environment, with the embedded defaults. */
import path from 'node:path';
import { parseHostList } from './http/publicAddress.ts';

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
  /** origins besides the site's own that may send state-changing requests (ALLOWED_ORIGINS) */
  allowedOrigins: string[];
  smtpUrl: string | null;
  logLevel: string;
  /** the only hosts push endpoints may be at (PUSH_ALLOWED_HOSTS); empty: any public internet address */
  pushAllowedHosts: string[];
  /** how long one push service gets to take one push (PUSH_TIMEOUT_MS) */
  pushTimeoutMs: number;
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
    allowedOrigins: parseOriginList(env.ALLOWED_ORIGINS ?? ''),
    smtpUrl: env.SMTP_URL || null,
    logLevel: env.LOG_LEVEL ?? 'info',
    pushAllowedHosts: parseHostList(env.PUSH_ALLOWED_HOSTS ?? ''),
    pushTimeoutMs: positiveInt('PUSH_TIMEOUT_MS', env.PUSH_TIMEOUT_MS, 5000),
  };
}

/** A positive whole number setting, or its default when unset; anything else stops the start. */
function positiveInt(name: string, text: string | undefined, fallback: number): number {
  if (!text) return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${name}: not a positive whole number: ${text}`);
  return n;
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
