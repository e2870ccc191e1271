/**
 * Refuses state-changing requests sent by pages of other origins (cross-site request forgery).
 * SameSite=Lax keeps the session cookie off most cross-site POSTs, but not off top-level GETs
 * (logout) nor off requests from a sibling subdomain, so the server checks where a request
 * comes from as well:
 * - the Origin header, else the Referer's origin, must be the site's own origin (scheme and
 *   host the browser used: behind a proxy with TRUST_PROXY, X-Forwarded-Proto/Host) or one of
 *   ALLOWED_ORIGINS;
 * - with neither header, `Sec-Fetch-Site: cross-site` is refused; a request with none of the
 *   three is not a browser's cross-site request (a browser always sends Origin on cross-origin
 *   POSTs) and passes, so curl and server-to-server calls keep working.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ORIGIN_REFUSED_MSG, ResponseCode } from '../../domain/errors.ts';

/** `https://site.cn/path` → `https://site.cn`; null for anything but an http(s) URL. */
export function httpOrigin(text: string): string | null {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** GETs that change state anyway: the spec keeps logout a GET. */
const STATE_CHANGING_GETS = new Set(['/v1/users/logout']);

/** Whether the request can change state: unsafe methods, listed GETs, WebSocket upgrades. */
export function changesState(req: FastifyRequest): boolean {
  if (!SAFE_METHODS.has(req.method)) return true;
  if (String(req.headers.upgrade ?? '').toLowerCase() === 'websocket') return true;
  return STATE_CHANGING_GETS.has(req.url.split('?')[0]);
}

/** The origin the browser used to reach this server, from Host (X-Forwarded-* when trusted). */
export function siteOrigin(req: FastifyRequest): string | null {
  return req.host ? httpOrigin(`${req.protocol}://${req.host}`) : null;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Where the request says it comes from: the Origin header (the literal "null" of sandboxed
 * frames and opaque redirects counts as foreign), else the Referer's origin; undefined when
 * neither is present.
 */
function claimedOrigin(req: FastifyRequest): string | undefined {
  const origin = header(req, 'origin');
  if (origin !== undefined) return httpOrigin(origin) ?? 'null';
  const referer = header(req, 'referer');
  if (referer !== undefined) return httpOrigin(referer) ?? 'null';
  return undefined;
}

/** The verdict for one request; exported for the tests. */
export function originAllowed(req: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  const claimed = claimedOrigin(req);
  const fetchSite = header(req, 'sec-fetch-site');
  if (claimed === undefined) return fetchSite !== 'cross-site';
  if (allowed.has(claimed)) return true;
  return claimed === siteOrigin(req) && fetchSite !== 'cross-site';
}

export function registerOriginCheck(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!changesState(req) || originAllowed(req, allowed)) return;
    // Names both sides, so an operator behind a proxy sees what to set (docs/deployment.md).
    req.log.warn(
      { origin: header(req, 'origin'), referer: header(req, 'referer'), expected: siteOrigin(req) },
      'refused a state-changing request from another origin',
    );
    return reply
      .status(403)
      .send({ code: ResponseCode.ORIGIN_REFUSED, msg: ORIGIN_REFUSED_MSG, data: null });
  });
}
