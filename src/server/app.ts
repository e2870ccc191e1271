/**
 * The application, itself a plugin tree loaded in stages (fastify/demo style):
 * external plugins (cookie, form body, multipart, rate limit, websocket), then app plugins
 * (sessions, site status), then the routes of each feature, then the built PWA.
 */
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import type { Redis } from 'ioredis';
import { decodeEnpathUrl } from '../domain/enpath.ts';
import { fastifyTrustProxy, type Config } from './config.ts';
import type { Sql } from './db/client.ts';
import { registerErrorHandling } from './http/errors.ts';
import { inflightLimit, serverTimeouts } from './http/inflight.ts';
import { refuseNonFiniteNumbers } from './http/finite.ts';
import { registerOriginCheck } from './http/origin.ts';
import { refuseControlChars } from './http/controlChars.ts';
import { answerWhileClosing, clientErrorHandler, frameworkErrors } from './http/malformed.ts';
import { registerAdminAudit } from './admin/audit.ts';
import { registerSecurityHeaders } from './http/securityHeaders.ts';
import { embedPartnerOrigin } from './site/tenant.ts';
import sessions, { enforceAuth } from './auth/sessions.ts';
import siteStatus from './site/status.ts';
import accountRoutes from './account/routes.ts';
import siteRoutes from './site/routes.ts';
import { setSettingsClock } from './site/settings.ts';
import ledgerRoutes from './ledger/routes.ts';
import adminRoutes from './admin/routes.ts';
import { requireOperatorOnAdminRoutes } from './auth/operatorRoutes.ts';
import lotteryRoutes from './lottery/routes.ts';
import lotteryAdminRoutes from './lottery/adminRoutes.ts';
import bettingRoutes from './betting/routes.ts';
import paymentsRoutes from './payments/routes.ts';
import paymentsAdminRoutes from './payments/adminRoutes.ts';
import cardsRoutes from './cards/routes.ts';
import withdrawRoutes from './withdraw/routes.ts';
import withdrawAdminRoutes from './withdraw/adminRoutes.ts';
import walletRoutes from './wallet/routes.ts';
import walletAdminRoutes from './wallet/adminRoutes.ts';
import recordsRoutes from './records/routes.ts';
import chatRoutes from './chat/plugin.ts';
import planRoutes from './plans/routes.ts';
import pushPlugin from './push/plugin.ts';
import activityRoutes from './activity/routes.ts';
import letterRoutes from './letters/routes.ts';
import agentRoutes from './agent/routes.ts';
import agentAdminRoutes from './agent/adminRoutes.ts';
import gradeAdminRoutes from './grades/adminRoutes.ts';
import reportRoutes from './reports/routes.ts';
import healthRoutes, { type HealthSource } from './jobs/healthRoutes.ts';
import testDrawRoutes from './lottery/testDrawRoutes.ts';
import { registerPwa } from './http/pwa.ts';

export interface AppDeps {
  config: Config;
  sql: Sql;
  redis?: Redis | null;
  /** the scheduled-job runner, reported by GET /v1/system/health */
  jobs?: HealthSource | null;
  /**
   * the clock of counting windows (chat flood control) and of the settings cache's age; tests move
   * it on instead of waiting
   */
  now?: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/** Form bodies are small; uploads (avatars) are at most 5 MB. */
export const BODY_LIMIT_BYTES = 64 * 1024;
export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;
/**
 * JSON answers from this size go compressed by @fastify/compress, br or gzip by Accept-Encoding
 * (a phone on a slow link pays for every byte: the play catalogue is ~50 KB of JSON, ~4 KB
 * compressed); below it the frame and CPU cost more than they save. Static files are not touched:
 * the build precompresses them and @fastify/static picks the variant (http/pwa.ts).
 */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * @fastify/compress names Accept-Encoding in Vary only on what it compresses; a smaller JSON answer
 * of the same route is a variant too, so every JSON answer says so (in lower case: the plugin
 * looks for it so and does not add it twice).
 */
function varyAllJson(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    const vary = reply.getHeader('vary');
    const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
    if (!/accept-encoding/i.test(current))
      reply.header('vary', current ? `${current}, accept-encoding` : 'accept-encoding');
    return payload;
  });
}

/** `/v1/enpath/<base64>` → the real path; a bad segment goes to a route that says so. */
function rewriteUrl(req: { url?: string }): string {
  const url = req.url ?? '/';
  const decoded = decodeEnpathUrl(url);
  if (!decoded) return url;
  return (decoded.realPath ?? '/v1/__bad_enpath') + decoded.query;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.config.logLevel === 'silent' ? false : { level: deps.config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    rewriteUrl,
    ...serverTimeouts(deps.config),
    routerOptions: { maxParamLength: 500 },
    // malformed HTTP, undecodable URLs and requests during close answer with the envelope too
    clientErrorHandler,
    frameworkErrors,
    return503OnClosing: false,
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: false,
      },
    },
  });
  app.decorate('deps', deps);
  if (deps.now) setSettingsClock(deps.sql, deps.now);
  // The wire contract is form bodies (and multipart uploads): no JSON or plain-text bodies.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  registerErrorHandling(app);
  answerWhileClosing(app);

  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10, parts: 12 },
  });
  await app.register(rateLimit, {
    global: true,
    max: 600,
    timeWindow: '1 minute',
    redis: deps.redis ?? undefined,
    nameSpace: 'rl:',
    skipOnError: true,
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  registerOriginCheck(app, deps.config.allowedOrigins);
  inflightLimit(app);
  registerAdminAudit(app);
  registerSecurityHeaders(app, () => embedPartnerOrigin(deps.sql));
  await app.register(compress, {
    // br at quality 5 (fast enough per request, close to gzip -9 in size), else gzip; no zstd yet
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    },
    threshold: COMPRESS_MIN_BYTES,
    // the wire contract takes plain form bodies: a compressed request body is not decoded
    globalDecompression: false,
  });
  varyAllJson(app);
  await app.register(sessions, { sql: deps.sql });
  await app.register(siteStatus);
  app.addHook('preValidation', enforceAuth);
  app.addHook('preValidation', refuseControlChars);
  app.addHook('preHandler', refuseNonFiniteNumbers);
  requireOperatorOnAdminRoutes(app);

  await app.register(accountRoutes);
  await app.register(siteRoutes);
  await app.register(ledgerRoutes);
  await app.register(adminRoutes);
  await app.register(lotteryRoutes);
  await app.register(lotteryAdminRoutes);
  await app.register(bettingRoutes);
  await app.register(paymentsRoutes);
  await app.register(paymentsAdminRoutes);
  await app.register(cardsRoutes);
  await app.register(withdrawRoutes);
  await app.register(withdrawAdminRoutes);
  await app.register(walletRoutes);
  await app.register(walletAdminRoutes);
  await app.register(recordsRoutes);
  await app.register(pushPlugin);
  await app.register(chatRoutes);
  await app.register(planRoutes);
  await app.register(activityRoutes);
  await app.register(letterRoutes);
  await app.register(agentRoutes);
  await app.register(agentAdminRoutes);
  await app.register(gradeAdminRoutes);
  await app.register(reportRoutes);
  await app.register(healthRoutes);
  // test servers only (config.testHooks, SITE_TEST_HOOKS=1): without it the path is an unknown route
  if (deps.config.testHooks) await app.register(testDrawRoutes);

  registerPwa(app, deps.config.distDir);
  return app;
}
