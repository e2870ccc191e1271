/**
 * The site switches the operator turns: maintenance (-7), site closed (-12) and the IP
 * allow/deny list (-19). Every API call of a non-operator is refused with the matching code
 * while a switch is on; the few calls the status pages themselves need stay open.
 */
import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseCode } from '../../domain/errors.ts';
import type { Sql } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';
import { SESSION_IDLE_SEC } from '../../domain/constants.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { tokenHash } from '../auth/kdf.ts';
import { getSetting } from './settings.ts';

export interface SiteStatus {
  maintenance: boolean;
  maintenanceMessage: string;
  closed: boolean;
  closedMessage: string;
  /** off: no IP rule; allow: only the listed IPs; deny: all but the listed IPs */
  ipMode: 'off' | 'allow' | 'deny';
  ipList: string[];
}

export const SITE_STATUS_KEY = 'site_status';
export const DEFAULT_SITE_STATUS: SiteStatus = {
  maintenance: false,
  maintenanceMessage: '系统维护中，请稍后再来',
  closed: false,
  closedMessage: '网站已关闭',
  ipMode: 'off',
  ipList: [],
};

/** Calls that must answer even while the site is shut: login (operators), config, time. */
const ALWAYS_OPEN = new Set([
  '/v1/users/login',
  '/v1/users/logout',
  '/v1/users/imageCode',
  '/v1/management/tenant/getTenantConfig',
  '/v1/management/tenant/getSiteStatus',
  '/v1/getServerTime',
  '/v1/betting/getServerTimeMillisecond',
  '/v1/system/health',
]);

/** The most entries an IP list may hold: it is checked on every request. */
export const MAX_IP_LIST = 200;
const IPV4_PREFIX = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){1,3}\*$/;

/**
 * Parses the operator's IP list (comma or newline separated): exact IPv4/IPv6 addresses and
 * IPv4 prefixes such as `10.0.0.*` or `192.168.*`. Returns the entries, or the first bad one.
 */
export function parseIpList(text: string): { entries: string[] } | { bad: string } {
  const entries = [
    ...new Set(
      text
        .split(/[,\n\r]+/)
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  ];
  for (const e of entries) {
    if (!(net.isIP(e) || IPV4_PREFIX.test(e))) return { bad: e.slice(0, 60) };
  }
  if (entries.length > MAX_IP_LIST) return { bad: `最多${MAX_IP_LIST}条` };
  return { entries };
}

function ipMatches(ip: string, entry: string): boolean {
  const plain = ip.replace(/^::ffff:/, '');
  if (entry.endsWith('*')) return plain.startsWith(entry.slice(0, -1));
  return plain === entry || ip === entry;
}

/** The refusal for this caller, or null when the site is open to it. */
export async function siteGate(
  sql: Sql,
  ip: string,
  isOperator: boolean,
): Promise<AppError | null> {
  if (isOperator) return null;
  const s = await getSetting(sql, SITE_STATUS_KEY, DEFAULT_SITE_STATUS);
  if (s.ipMode !== 'off') {
    const listed = s.ipList.some((e) => ipMatches(ip, e));
    if ((s.ipMode === 'allow' && !listed) || (s.ipMode === 'deny' && listed)) {
      return new AppError('您所在的地区无法访问本站', ResponseCode.IP_RESTRICTED, 200, { ip });
    }
  }
  if (s.closed) return new AppError(s.closedMessage, ResponseCode.SITE_CLOSED, 200);
  if (s.maintenance) return new AppError(s.maintenanceMessage, ResponseCode.MAINTENANCE, 200);
  return null;
}

/**
 * Routes open to everyone (auth 'none') do not load the session, so an operator browsing the
 * shut site would be sent to the status page by the home page's content reads. Only when a
 * refusal is due, and a session cookie is there, the cookie is checked for an operator.
 */
async function operatorBehindOpenRoute(sql: Sql, req: FastifyRequest): Promise<boolean> {
  const token = req.cookies?.[SESSION_COOKIE];
  if (req.user || !token) return false;
  const [row] = await sql<{ ok: boolean }[]>`
    select true as ok from sessions s join users u on u.id = s.user_id
    where s.token_hash = ${tokenHash(token)} and s.ended_at is null and s.expires_at > now()
      and s.last_seen_at > now() - make_interval(secs => ${SESSION_IDLE_SEC})
      and u.is_operator and u.status = 'active'`;
  return row?.ok === true;
}

export default fp(
  async function siteStatusPlugin(app: FastifyInstance) {
    app.addHook('preValidation', async (req: FastifyRequest) => {
      const path = req.url.split('?')[0];
      if (
        req.is404 ||
        !path.startsWith('/v1/') ||
        ALWAYS_OPEN.has(path) ||
        path.startsWith('/v1/admin/')
      )
        return;
      const refusal = await siteGate(app.deps.sql, req.ip, req.user?.isOperator ?? false);
      if (refusal && !(await operatorBehindOpenRoute(app.deps.sql, req))) throw refusal;
    });
  },
  { name: 'site-status', dependencies: ['sessions'] },
);
