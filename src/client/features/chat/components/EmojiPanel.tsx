/**
 * The emoji and saved-image panel (spec 001 §2, §9): 表情 inserts an emoji into the input (24 a
 * page), 收藏 lists the pictures the user saved (8 a page; getSavedImageList) and sends one on a tap.
 */
import { useEffect, useState } from 'react';
import { Sheet } from '../../../ui/Sheet';
import { Tabs } from '../../../ui/Tabs';
import { getSavedImages, type SavedImage } from '../api';
import { EmptyState, ErrorState, LoadingState } from '../../../ui';

const EMOJI = [...'😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰😗🙂🤗🤩🤔🤨😐😑😶🙄😏😣😥😮🤐😯😪😫🥱😴😌😛😜😝🤤😒😓😔😕🙃🤑😲🙁😖😞😟😤😢😭😦😧😨😩🤯😬😰😱🥵🥶😳🤪😵😡😠🤬😷🤒🤕🤢🤮🤧😇🥳🥺🤠🤡🤥🤫🤭🧐🤓😈👿👹👺💀👻👽🤖💩😺👍👎👏🙏🤝💪✌️🤞👌🎉🎊🧧💰💯🔥❤️💔⭐🌹']
  .reduce<string[]>((all, ch) => { if (ch === '\ufe0f' && all.length) all[all.length - 1] += ch; else all.push(ch); return all; }, []);
const EMOJI_PAGE = 24;
const SAVED_PAGE = 8;

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage(n: number): void }) {
  if (pages <= 1) return null;
  return (
    <nav className="mt-2 flex justify-center gap-2" aria-label="翻页">
      {Array.from({ length: pages }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pages are numbered
        <button key={i} type="button" aria-label={`第${i + 1}页`} aria-current={i === page ? 'page' : undefined} onClick={() => onPage(i)}
          className={`h-2.5 w-2.5 rounded-full focus-visible:outline-2 focus-visible:outline-brand ${i === page ? 'bg-brand' : 'bg-gray-300'}`} />
      ))}
    </nav>
  );
}

function Saved({ onSend }: { onSend(img: SavedImage): void }) {
  const [list, setList] = useState<SavedImage[] | null>(null);
  const [error, setError] = useState('');
  const [page, setPage] = useState(0);
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick asks again
  useEffect(() => {
    let live = true;
    getSavedImages().then((d) => { if (live) { setList(d.list); setError(''); } }, (e: unknown) => { if (live) setError(e instanceof Error ? e.message : '加载失败'); });
    return () => { live = false; };
  }, [tick]);
  if (error) return <ErrorState message={error} onRetry={() => setTick((n) => n + 1)} />;
  if (!list) return <LoadingState />;
  if (!list.length) return <EmptyState text="还没有收藏的图片，查看大图时可以收藏" />;
  const pages = Math.ceil(list.length / SAVED_PAGE);
  return (
    <>
      <ul className="grid grid-cols-4 gap-2">
        {list.slice(page * SAVED_PAGE, (page + 1) * SAVED_PAGE).map((img) => (
          <li key={img.id}>
            <button type="button" onClick={() => onSend(img)} aria-label="发送这张收藏的图片" className="block aspect-square w-full overflow-hidden rounded-lg bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand">
              <img src={img.thumbPath} alt="" loading="lazy" className="h-full w-full object-cover" />
            </button>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} onPage={setPage} />
    </>
  );
}

export function EmojiPanel({ open, onClose, onEmoji, onSaved }: { open: boolean; onClose(): void; onEmoji(e: string): void; onSaved?(img: SavedImage): void }) {
  const [tab, setTab] = useState<'emoji' | 'saved'>('emoji');
  const [page, setPage] = useState(0);
  const pages = Math.ceil(EMOJI.length / EMOJI_PAGE);
  const options = onSaved ? [{ value: 'emoji' as const, label: '表情' }, { value: 'saved' as const, label: '收藏' }] : [{ value: 'emoji' as const, label: '表情' }];
  return (
    <Sheet open={open} title="表情" onClose={onClose}>
      <Tabs<'emoji' | 'saved'> look="underline" label="表情与收藏" value={tab} options={options} onChange={setTab} panelClassName="pt-3"
        panel={(t) => (t === 'saved' && onSaved ? <Saved onSend={(img) => { onClose(); onSaved(img); }} /> : (
          <>
            <ul className="grid grid-cols-8 gap-1">
              {EMOJI.slice(page * EMOJI_PAGE, (page + 1) * EMOJI_PAGE).map((e) => (
                <li key={e}>
                  <button type="button" onClick={() => onEmoji(e)} aria-label={`表情 ${e}`} className="flex h-10 w-full items-center justify-center rounded-lg text-2xl hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand">{e}</button>
                </li>
              ))}
            </ul>
            <Pager page={page} pages={pages} onPage={setPage} />
          </>
        ))} />
    </Sheet>
  );
}
