/**
 * Entry point: configuration, the database (embedded unless DATABASE_URL), migrations,
 * first-start seed, optional Redis, the HTTP server, the scheduled jobs (started once it listens);
 * a clean close on SIGINT/SIGTERM.
 */
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connect } from './db/client.ts';
import { migrateSite } from './migrateSite.ts';
import { startEmbedded, type EmbeddedDb } from './db/embedded.ts';
import { seedIfEmpty } from './seed.ts';
import { seedLotteries } from './lottery/seed.ts';
import { createSiteJobRunner } from './siteJobs.ts';

export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const log = (msg: string) => console.log(`[site] ${msg}`);
  let embedded: EmbeddedDb | null = null;
  if (!config.databaseUrl) {
    embedded = await startEmbedded(config.dataDir, { port: config.pgPort, log });
    log(`embedded PostgreSQL running from ${config.dataDir}/pg`);
  }
  const sql = connect(config.databaseUrl ?? embedded!.url);
  let app: Awaited<ReturnType<typeof buildApp>>;
  let redis: Redis | null = null;
  const jobs = createSiteJobRunner(sql, log);
  try {
    const applied = await migrateSite(sql);
    if (applied.length) log(`migrations applied: ${applied.join(', ')}`);
    await seedIfEmpty(sql, config, log);
    await seedLotteries(sql);
    redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
    app = await buildApp({ config, sql, redis, jobs });
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await sql.end({ timeout: 1 }).catch(() => {});
    redis?.disconnect();
    await embedded?.stop().catch(() => {});
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log(`listening on http://localhost:${port}`);
  jobs.start();

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      await jobs.stop().catch(() => {});
      await app.close().catch(() => {});
      await sql.end({ timeout: 5 }).catch(() => {});
      redis?.disconnect();
      await embedded?.stop().catch(() => {});
    })());
  return { app, sql, port, close, config };
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  startServer()
    .then(({ close }) => {
      const stop = (signal: string) => {
        console.log(`[site] ${signal}: closing`);
        close().then(() => process.exit(0));
      };
      process.once('SIGINT', () => stop('SIGINT'));
      process.once('SIGTERM', () => stop('SIGTERM'));
    })
    .catch((err) => {
      console.error('[site] failed to start:', err);
      process.exit(1);
    });
}
