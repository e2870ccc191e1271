/**
 * The emoji and saved-image panel (spec 001 §2, §9): 表情 inserts an emoji into the input (24 a
 * page), 收藏 lists the pictures the user saved (8 a page; getSavedImageList) and sends one on a tap.
 */
import { useState } from 'react';
import { Sheet } from '../../../ui/Sheet';
import { Tabs } from '../../../ui/Tabs';
import type { SavedImage } from '../api';
import { Pager, SavedImages } from './SavedImages';

const EMOJI = [
  ...'😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰😗🙂🤗🤩🤔🤨😐😑😶🙄😏😣😥😮🤐😯😪😫🥱😴😌😛😜😝🤤😒😓😔😕🙃🤑😲🙁😖😞😟😤😢😭😦😧😨😩🤯😬😰😱🥵🥶😳🤪😵😡😠🤬😷🤒🤕🤢🤮🤧😇🥳🥺🤠🤡🤥🤫🤭🧐🤓😈👿👹👺💀👻👽🤖💩😺👍👎👏🙏🤝💪✌️🤞👌🎉🎊🧧💰💯🔥❤️💔⭐🌹',
].reduce<string[]>((all, ch) => {
  if (ch === '\ufe0f' && all.length) all[all.length - 1] += ch;
  else all.push(ch);
  return all;
}, []);
const EMOJI_PAGE = 24;

export function EmojiPanel({
  open,
  onClose,
  onEmoji,
  onSaved,
}: {
  open: boolean;
  onClose(): void;
  onEmoji(e: string): void;
  onSaved?(img: SavedImage): void;
}) {
  const [tab, setTab] = useState<'emoji' | 'saved'>('emoji');
  const [page, setPage] = useState(0);
  const pages = Math.ceil(EMOJI.length / EMOJI_PAGE);
  const options = onSaved
    ? [
        { value: 'emoji' as const, label: '表情' },
        { value: 'saved' as const, label: '收藏' },
      ]
    : [{ value: 'emoji' as const, label: '表情' }];
  return (
    <Sheet open={open} title="表情" onClose={onClose}>
      <Tabs<'emoji' | 'saved'>
        look="underline"
        label="表情与收藏"
        value={tab}
        options={options}
        onChange={setTab}
        panelClassName="pt-3"
        panel={(t) =>
          t === 'saved' && onSaved ? (
            <SavedImages
              onSend={(img) => {
                onClose();
                onSaved(img);
              }}
            />
          ) : (
            <>
              <ul className="grid grid-cols-8 gap-1">
                {EMOJI.slice(page * EMOJI_PAGE, (page + 1) * EMOJI_PAGE).map((e) => (
                  <li key={e}>
                    <button
                      type="button"
                      onClick={() => onEmoji(e)}
                      aria-label={`表情 ${e}`}
                      className="flex h-10 w-full items-center justify-center rounded-lg text-2xl hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand"
                    >
                      {e}
                    </button>
                  </li>
                ))}
              </ul>
              <Pager page={page} pages={pages} onPage={setPage} />
            </>
          )
        }
      />
    </Sheet>
  );
}
