/** An activity's state as a small badge (list cards and the detail header). */
import { ActivityState, type ActivityStateValue } from '../../../domain/activity';

const LOOK: Record<ActivityStateValue, [text: string, className: string]> = {
  [ActivityState.INFO]: ['进行中', 'bg-sky-100 text-sky-900'],
  [ActivityState.CLAIMABLE]: ['可领取', 'bg-red-600 text-white'],
  [ActivityState.CLAIMED]: ['已领取', 'bg-green-100 text-green-900'],
  [ActivityState.INELIGIBLE]: ['未达条件', 'bg-amber-100 text-amber-900'],
  [ActivityState.NOT_STARTED]: ['未开始', 'bg-gray-200 text-gray-800'],
  [ActivityState.ENDED]: ['已结束', 'bg-gray-200 text-gray-700'],
  [ActivityState.LOGIN]: ['进行中', 'bg-sky-100 text-sky-900'],
};

export function ActivityStateBadge({ state, kind }: { state: ActivityStateValue; kind?: string }) {
  const [text, className] = LOOK[state];
  const shown =
    state === ActivityState.CLAIMED && kind === 'checkin'
      ? '今日已签'
      : state === ActivityState.CLAIMABLE && kind === 'checkin'
        ? '可签到'
        : text;
  return (
    <span
      data-testid="activity-state"
      data-state={state}
      className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${className}`}
    >
      {shown}
    </span>
  );
}
