/** 长龙助手: tabs 最新长龙 and 我的投注; usable as a popup body or inside the /longDragon page. */
import { useState, type KeyboardEvent } from 'react';
import { Link } from '../../router';
import { DragonLatest } from './components/DragonLatest';
import { DragonMyBets } from './components/DragonMyBets';

const TABS = [{ id: 'latest', label: '最新长龙' }, { id: 'mine', label: '我的投注' }] as const;
type Tab = (typeof TABS)[number]['id'];

export function LongDragon() {
  const [tab, setTab] = useState<Tab>('latest');
  const [version, setVersion] = useState(0);
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const next = TABS[(TABS.findIndex((t) => t.id === tab) + 1) % TABS.length]!.id;
    setTab(next);
    document.getElementById(`dragon-tab-${next}`)?.focus();
  };
  return (
    <div className="flex min-h-0 flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      <div className="flex items-center border-b border-gray-200">
        <div role="tablist" aria-label="长龙助手" className="flex flex-1" onKeyDown={onKey}>
          {TABS.map((t) => (
            <button key={t.id} id={`dragon-tab-${t.id}`} type="button" role="tab" aria-selected={tab === t.id} aria-controls={`dragon-panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1} onClick={() => setTab(t.id)}
              className={`min-h-11 flex-1 border-b-2 text-sm font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand ${tab === t.id ? 'border-brand text-brand' : 'border-transparent text-gray-700'}`}>
              {t.label}
            </button>
          ))}
        </div>
        <Link href="/longDragonInfo" className="px-3 text-sm text-brand underline focus-visible:outline-2 focus-visible:outline-brand">说明</Link>
      </div>
      <div id="dragon-panel-latest" role="tabpanel" aria-labelledby="dragon-tab-latest" hidden={tab !== 'latest'}>
        <DragonLatest onBet={() => setVersion((v) => v + 1)} />
      </div>
      {tab === 'mine' && (
        <div id="dragon-panel-mine" role="tabpanel" aria-labelledby="dragon-tab-mine">
          <DragonMyBets version={version} />
        </div>
      )}
    </div>
  );
}
