/**
 * Security headers on every answer (pages, API, static files, errors): a Content-Security-Policy
 * fit for the built PWA, no framing by other sites (frame-ancestors and X-Frame-Options, so /admin
 * cannot be clickjacked), nosniff, a Referrer-Policy, and HSTS when the request came over TLS
 * (`req.protocol`, which honours X-Forwarded-Proto only with TRUST_PROXY).
 *
 * The policy, directive by directive:
 * - scripts only from the site (the built index.html has no inline script; the favicon is a data:
 *   URL, an image);
 * - styles from the site plus inline ones: React `style` attributes and the first screen's inline
 *   placeholder in index.html;
 * - images from the site, data: and blob: (compressed uploads' previews) and any https URL, since
 *   notices and activities may show images by https URL (domain/richText.ts `isSafeImageUrl`);
 * - connections to the site itself and its own socket (`ws(s)://<host>`, spelled out for browsers
 *   whose 'self' does not cover WebSocket);
 * - frames: the site, and on pages the embedded-chat partner's origin (the tenant's
 *   `embedChatPartnerOrigin`, docs/embedded-chat.md): the site frames the partner, never the
 *   reverse, so frame-ancestors stays 'self' everywhere;
 * - no plugins, no <base>, forms post only to the site.
 *
 * An answer that already carries a stricter CSP (user uploads: `default-src 'none'; sandbox`) keeps it.
 * The partner origin is the tenant's setting, read by site/: app.ts passes the lookup in, so this
 * plumbing imports no feature.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const HSTS = 'max-age=31536000';
/** host[:port] as a Host header may name it; anything else is left out of the policy */
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The policy for one answer; `partnerOrigin` is framed on pages (already an http(s) origin). */
export function contentSecurityPolicy(opts: {
  tls: boolean;
  host: string;
  partnerOrigin?: string;
}): string {
  const socket = HOST.test(opts.host)
    ? ` ${opts.tls ? 'wss' : 'ws'}://${opts.host.toLowerCase()}`
    : '';
  const frames = opts.partnerOrigin ? ` ${opts.partnerOrigin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${socket}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    `frame-src 'self'${frames}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

function isPage(reply: FastifyReply): boolean {
  return String(reply.getHeader('content-type') ?? '').startsWith('text/html');
}

/** The origin pages may frame besides the site's own, or undefined for none. */
export type FramedOrigin = () => Promise<string | undefined>;

/** The partner origin pages may frame; a settings read that fails frames nobody. */
async function partnerOrigin(
  framedOrigin: FramedOrigin,
  req: FastifyRequest,
): Promise<string | undefined> {
  try {
    return await framedOrigin();
  } catch (err) {
    req.log.warn({ err }, 'security headers: tenant config unreadable');
    return undefined;
  }
}

export function registerSecurityHeaders(app: FastifyInstance, framedOrigin: FramedOrigin): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const tls = req.protocol === 'https';
    if (!reply.hasHeader('content-security-policy')) {
      const partner = isPage(reply) ? await partnerOrigin(framedOrigin, req) : undefined;
      reply.header(
        'content-security-policy',
        contentSecurityPolicy({ tls, host: req.host, partnerOrigin: partner }),
      );
    }
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (tls) reply.header('strict-transport-security', HSTS);
    return payload;
  });
}
