/** The unread letter count as a red badge (nothing at 0), for the user centre's 站内信 row. */
import { useSignals } from '@preact/signals-react/runtime';
import { badgeLabel } from '../../../domain/toolbar/service';
import { currentUser } from '../../state/session';
import { useUnreadLetters } from './unread';

export function UnreadLettersBadge() {
  useSignals();
  const n = useUnreadLetters(Boolean(currentUser.value?.isLogin));
  const label = badgeLabel(n);
  if (!label) return null;
  return (
    <span
      data-testid="letters-unread-badge"
      className="min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs leading-5 text-white"
    >
      {label}
      <span className="sr-only">封未读</span>
    </span>
  );
}
