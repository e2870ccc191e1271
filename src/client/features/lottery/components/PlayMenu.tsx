/** Play groups and the plays of the chosen group. */
import type { PlayGroup } from '../api';

export function PlayMenu({ groups, group, playCode, onGroup, onPlay }: {
  groups: PlayGroup[]; group: string; playCode: string; onGroup(g: string): void; onPlay(code: string): void;
}) {
  const plays = groups.find((g) => g.group === group)?.plays ?? [];
  return (
    <nav aria-label="玩法" className="rounded-xl bg-white p-3">
      <fieldset aria-label="玩法分组" className="-mx-1 flex min-w-0 gap-2 overflow-x-auto px-1 pb-2">
        {groups.map((g) => (
          <button key={g.group} type="button" aria-pressed={g.group === group} onClick={() => onGroup(g.group)}
            className={`shrink-0 rounded-full px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${g.group === group ? 'bg-brand font-semibold text-white' : 'bg-gray-100 text-gray-800'}`}>
            {g.group}
          </button>
        ))}
      </fieldset>
      <fieldset aria-label={`${group}玩法`} className="flex min-w-0 flex-wrap gap-2 border-t border-gray-100 pt-2">
        {plays.map((p) => (
          <button key={p.playDetailCode} type="button" aria-pressed={p.playDetailCode === playCode} onClick={() => onPlay(p.playDetailCode)}
            className={`rounded-lg border px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${p.playDetailCode === playCode ? 'border-brand bg-brand/10 font-semibold text-brand' : 'border-gray-300 text-gray-800'}`}>
            {p.name}
          </button>
        ))}
      </fieldset>
    </nav>
  );
}
