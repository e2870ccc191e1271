/** Play groups and the plays of the chosen group. */
import type { PlayGroup } from '../api';

/** The play groups as a row of toggle chips (the game page's menu and the how-to-play page). */
export function GroupChips({
  groups,
  current,
  onPick,
  className,
  idle,
}: {
  groups: readonly { group: string }[];
  current: string | null;
  onPick(g: string): void;
  className: string;
  idle: string;
}) {
  return (
    <fieldset aria-label="玩法分组" className={`flex min-w-0 gap-2 overflow-x-auto ${className}`}>
      {groups.map((g) => (
        <button
          key={g.group}
          type="button"
          aria-pressed={g.group === current}
          onClick={() => onPick(g.group)}
          className={`shrink-0 rounded-full px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${g.group === current ? 'bg-brand font-semibold text-white' : `${idle} text-gray-800`}`}
        >
          {g.group}
        </button>
      ))}
    </fieldset>
  );
}

export function PlayMenu({
  groups,
  group,
  playCode,
  onGroup,
  onPlay,
}: {
  groups: PlayGroup[];
  group: string;
  playCode: string;
  onGroup(g: string): void;
  onPlay(code: string): void;
}) {
  const plays = groups.find((g) => g.group === group)?.plays ?? [];
  return (
    <nav aria-label="玩法" className="rounded-xl bg-white p-2.5 sm:p-3">
      <GroupChips
        groups={groups}
        current={group}
        onPick={onGroup}
        className="-mx-1 px-1 pb-1.5 sm:pb-2"
        idle="bg-gray-100"
      />
      {/* one scrolling row on a phone (a group of many plays would push the numbers under the bet bar), wrapped from sm up */}
      <fieldset
        key={group}
        aria-label={`${group}玩法`}
        className="-mx-1 flex min-w-0 gap-1.5 overflow-x-auto border-t border-gray-100 px-1 pt-1.5 pb-1 sm:flex-wrap sm:gap-2 sm:pt-2"
      >
        {plays.map((p) => (
          <button
            key={p.playDetailCode}
            type="button"
            aria-pressed={p.playDetailCode === playCode}
            onClick={() => onPlay(p.playDetailCode)}
            className={`min-h-8 shrink-0 whitespace-nowrap rounded-lg border px-2.5 py-1 text-sm sm:px-3 sm:py-1.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${p.playDetailCode === playCode ? 'border-brand bg-brand/10 font-semibold text-brand' : 'border-gray-300 text-gray-800'}`}
          >
            {p.name}
          </button>
        ))}
      </fieldset>
    </nav>
  );
}
