/** My own rebate points (GET /v1/users/rebate): the upper bound of every points form of the agent screens. */
import { keys, useQuery } from '../../query';
import { suggestedPoints, type RebatePoints } from '../../../domain/agent/points';
import { myRebate } from './api';
import { pointsFromWire } from './points';

export interface MyPoints {
  points: RebatePoints | null;
  /** where a new member's form starts: the operator's defaults capped by my points (agents only) */
  suggested: RebatePoints | null;
  isAgent: boolean;
  loading: boolean;
  error: Error | null;
  reload(): void;
}

export function useMyPoints(): MyPoints {
  const q = useQuery({ queryKey: keys.agent('rebate'), queryFn: myRebate, staleTime: 30_000 });
  const points = pointsFromWire(q.data?.rebate);
  const defaults = pointsFromWire(q.data?.defaultRebate);
  const broken =
    q.data !== undefined && (points === null || (q.data.isAgent === 1 && defaults === null));
  return {
    points,
    suggested: points && defaults ? suggestedPoints(points, defaults) : null,
    isAgent: q.data?.isAgent === 1,
    loading: q.loading,
    error: q.error ?? (broken ? new Error('返点数据有误，请稍后重试') : null),
    reload: q.reload,
  };
}
