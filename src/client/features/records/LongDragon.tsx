/** 长龙助手: tabs 最新长龙 and 我的投注; usable as a popup body or inside the /longDragon page. */
import { useState } from 'react';
import { Link } from 'wouter';
import { DragonLatest } from './components/DragonLatest';
import { DragonMyBets } from './components/DragonMyBets';
import { Tabs } from '../../ui/Tabs';

const TABS = [
  { value: 'latest', label: '最新长龙' },
  { value: 'mine', label: '我的投注' },
] as const;
type Tab = (typeof TABS)[number]['value'];
/** The latest list stays mounted while 我的投注 is open: its countdowns and picks survive a switch. */
const KEPT: readonly Tab[] = ['latest'];

/**
 * `popup`: inside a sheet that scrolls (the game page's 长龙): the bet form sticks to the sheet's
 * bottom while the list scrolls under it, so 投注 stays in view however many streaks are listed.
 * overflow-clip (not hidden) rounds the corners without becoming the scroller the form sticks to.
 */
export function LongDragon({ popup = false }: { popup?: boolean }) {
  const [tab, setTab] = useState<Tab>('latest');
  return (
    <div className="flex min-h-0 flex-col overflow-clip rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      <Tabs<Tab>
        look="underline"
        label="长龙助手"
        value={tab}
        options={TABS}
        onChange={setTab}
        keepMounted={KEPT}
        trailing={
          <Link
            href="/longDragonInfo"
            className="px-3 text-sm text-brand underline focus-visible:outline-2 focus-visible:outline-brand"
          >
            说明
          </Link>
        }
        panel={(t) => (t === 'latest' ? <DragonLatest popup={popup} /> : <DragonMyBets />)}
      />
    </div>
  );
}
