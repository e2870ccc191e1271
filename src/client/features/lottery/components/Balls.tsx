/** Drawn numbers as small balls. */
import { drawBalls } from '../families';

export function Balls({ openNumber, size = 'sm', label }: { openNumber: string | null | undefined; size?: 'sm' | 'md'; label?: string }) {
  const balls = drawBalls(openNumber);
  if (balls.length === 0) return <span className="text-sm text-gray-600">等待开奖</span>;
  const cls = size === 'md' ? 'h-7 min-w-7 text-sm' : 'h-6 min-w-6 text-xs';
  return (
    <span className="flex flex-wrap gap-1" aria-label={label ?? `开奖号码 ${balls.join(' ')}`} role="img">
      {balls.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a ball's place in the draw is its identity (values repeat: K3 1 1 2)
        <span key={i} aria-hidden="true" className={`inline-flex items-center justify-center rounded-full bg-brand px-1 font-semibold text-white ${cls}`}>{b}</span>
      ))}
    </span>
  );
}
