/** Form fields and small helpers shared by the agent's calls (docs/api.md "Agents"). */
import { Type } from '@sinclair/typebox';
import { parsePointsMap, type RebatePoints } from '../../domain/agent/points.ts';
import { AGENT_MAX_PAGE_SIZE, AGENT_PAGE_SIZE } from '../../domain/agent/inviteCodes.ts';
import { refuse } from '../http/envelope.ts';
import { pageSizeUpTo, paging } from '../http/paging.ts';

/** Every agent call carries this config: a non-agent gets AGENT_ONLY_MSG (auth/sessions.ts). */
export const AGENT = { auth: 'agent' as const };

export const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const Flag = Type.Integer({ minimum: 0, maximum: 1 });
/** The `rebate` JSON map; its content is checked by parsePointsMap. */
export const RebateJson = Type.String({ minLength: 1, maxLength: 1000 });
/** The agent's lists: pages of AGENT_PAGE_SIZE, at most AGENT_MAX_PAGE_SIZE (each row a team roll-up). */
export const AgentPageSize = pageSizeUpTo(AGENT_MAX_PAGE_SIZE);
export const agentPaging = (pageNum?: number, pageSize?: number) =>
  paging(pageNum, pageSize, AGENT_PAGE_SIZE);

/** The points of a `rebate` field, or the refusal naming the first problem. */
export function pointsFromWire(json: string): RebatePoints {
  const parsed = parsePointsMap(json);
  if ('error' in parsed) refuse(parsed.error);
  return parsed.points;
}

/** ms epoch of a timestamp, or null. */
export const ms = (t: Date | null): number | null => (t ? t.getTime() : null);
