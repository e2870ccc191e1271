/** The countdown to an issue's close (距封盘), read by screen readers on demand only (aria-live off). */
import { formatCountdown } from '../families';

/** `closedText`: what shows once the count has run out (已封盘 on the game page, 开奖中 on the hall card). */
export function CloseTimer({
  remainingMs,
  closedText,
  className,
}: {
  remainingMs: number;
  closedText: string;
  className: string;
}) {
  return (
    <span
      role="timer"
      aria-live="off"
      aria-label={`距封盘 ${formatCountdown(remainingMs)}`}
      className={className}
    >
      {remainingMs > 0 ? formatCountdown(remainingMs) : closedText}
    </span>
  );
}
