/** Server configuration from the environment, with the embedded defaults. */
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  pgPort: number | null;
  redisUrl: string | null;
  adminUserName: string;
  adminPassword: string;
  /** serve the built PWA from here when it exists */
  distDir: string;
  /** seed the demo site (players, agent, content) on an empty database */
  seedDemo: boolean;
  /** trust X-Forwarded-For (behind a proxy) */
  trustProxy: boolean;
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
    distDir: path.resolve(root, env.DIST_DIR ?? 'dist'),
    seedDemo: env.SEED_DEMO !== '0',
    trustProxy: env.TRUST_PROXY === '1',
    smtpUrl: env.SMTP_URL || null,
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
