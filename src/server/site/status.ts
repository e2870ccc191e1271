/**
 * The site switches the operator turns: maintenance (-7), site closed (-12) and the IP
 * allow/deny list (-19). Every API call of a non-operator is refused with the matching code
 * while a switch is on; the few calls the status pages themselves need stay open.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseCode } from '../../domain/errors.ts';
import type { Sql } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';
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
]);

function ipMatches(ip: string, entry: string): boolean {
  const plain = ip.replace(/^::ffff:/, '');
  if (entry.endsWith('*')) return plain.startsWith(entry.slice(0, -1));
  return plain === entry || ip === entry;
}

/** The refusal for this caller, or null when the site is open to it. */
export async function siteGate(sql: Sql, ip: string, isOperator: boolean): Promise<AppError | null> {
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

export default fp(
  async function siteStatusPlugin(app: FastifyInstance) {
    app.addHook('preValidation', async (req: FastifyRequest) => {
      const path = req.url.split('?')[0];
      if (req.is404 || !path.startsWith('/v1/') || ALWAYS_OPEN.has(path) || path.startsWith('/v1/admin/')) return;
      const refusal = await siteGate(app.deps.sql, req.ip, req.user?.isOperator ?? false);
      if (refusal) throw refusal;
    });
  },
  { name: 'site-status', dependencies: ['sessions'] },
);
