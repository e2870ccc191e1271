/** The channels of PaySort as a scrollable strip of links; the current one is marked. */
import { useEffect, useRef } from 'react';
import { channelUrl, type ChannelCode } from '../../../../domain/payments';
import { Link } from 'wouter';
import type { PaySortItem } from '../api';

export function ChannelStrip({ list, current }: { list: PaySortItem[]; current: ChannelCode }) {
  const nav = useRef<HTMLElement>(null);
  // Keep the current channel in sight on a narrow screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again whenever the current channel changes
  useEffect(() => {
    nav.current
      ?.querySelector<HTMLElement>('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [current]);
  return (
    <nav ref={nav} aria-label="充值渠道" className="-mx-4 mb-4 overflow-x-auto px-4">
      <ul className="flex gap-2">
        {list.map((c) => {
          const on = c.code === current;
          return (
            <li key={c.code} className="shrink-0">
              <Link
                href={channelUrl(c.code)}
                replace
                aria-current={on ? 'page' : undefined}
                className={`flex min-h-10 items-center rounded-full px-4 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand ${on ? 'bg-brand font-semibold text-white' : 'bg-white text-gray-800 ring-1 ring-gray-300 hover:bg-gray-50'}`}
              >
                {c.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
