/** The level path of a drill-down (me › a member › its member): every level but the last goes back up. */
import type { PathStep } from '../api';

/** `meId`: the agent's own id, shown as 我. */
export function Breadcrumb({
  path,
  meId,
  onOpen,
}: {
  path: PathStep[];
  meId: number | undefined;
  onOpen(userId: number): void;
}) {
  if (path.length === 0) return null;
  const name = (s: PathStep) => (s.userId === meId ? `${s.userName}（我）` : s.userName);
  return (
    <nav aria-label="层级">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {path.map((step, i) => {
          const last = i === path.length - 1;
          return (
            <li key={step.userId} className="flex items-center gap-1">
              {i > 0 && (
                <span aria-hidden="true" className="text-gray-500">
                  ›
                </span>
              )}
              {last ? (
                <span aria-current="page" className="font-medium text-gray-900">
                  {name(step)}
                </span>
              ) : (
                <button
                  type="button"
                  onClick={() => onOpen(step.userId)}
                  className="min-h-9 text-brand underline focus-visible:outline-2 focus-visible:outline-brand"
                >
                  {name(step)}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
