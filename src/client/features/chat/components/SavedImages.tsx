/**
 * The saved pictures (spec 001 §2, §5, §9): 8 a page from getSavedImageList (40 at most listed); a
 * tap sends one. 管理 selects up to 10 to delete (最多选择10张) and offers an upload tile that saves a
 * new picture (uploadChatFile with isFavorite).
 */
import { useRef, useState } from 'react';
import { keys, useQuery } from '../../../query';
import { deleteSavedImages, getSavedImages, uploadChatFile, type SavedImage } from '../api';
import { prepareImage } from '../image';
import { EmptyState, ErrorState, LoadingState, showToast } from '../../../ui';
import { SAVED_IMAGE_SELECTION_MAX } from '../../../../domain/chat/constants';

const SAVED_PAGE = 8;

export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage(n: number): void;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="mt-2 flex justify-center gap-2" aria-label="翻页">
      {Array.from({ length: pages }, (_, i) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: the pages are numbered
          key={i}
          type="button"
          aria-label={`第${i + 1}页`}
          aria-current={i === page ? 'page' : undefined}
          onClick={() => onPage(i)}
          className={`h-2.5 w-2.5 rounded-full focus-visible:outline-2 focus-visible:outline-brand ${i === page ? 'bg-brand' : 'bg-gray-300'}`}
        />
      ))}
    </nav>
  );
}

export function SavedImages({ onSend }: { onSend(img: SavedImage): void }) {
  const saved = useQuery({ queryKey: keys.savedImages(), queryFn: getSavedImages });
  const list = saved.data?.list ?? null;
  const error = saved.error ? saved.error.message || '加载失败' : '';
  const { reload } = saved;
  const [page, setPage] = useState(0);
  const [managing, setManaging] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const [stage, setStage] = useState('');
  const file = useRef<HTMLInputElement>(null);

  const toggle = (id: number) =>
    setChosen((c) => {
      if (c.includes(id)) return c.filter((x) => x !== id);
      if (c.length >= SAVED_IMAGE_SELECTION_MAX) {
        showToast(`最多选择${SAVED_IMAGE_SELECTION_MAX}张`);
        return c;
      }
      return [...c, id];
    });
  const remove = async () => {
    try {
      await deleteSavedImages(chosen);
      showToast('已删除');
      setChosen([]);
      reload();
    } catch (e) {
      showToast(e instanceof Error ? e.message : '删除失败');
    }
  };
  const upload = async (f: File) => {
    try {
      const { blob, name } = await prepareImage(f, setStage);
      await uploadChatFile(blob, name, true);
      showToast('已收藏');
      reload();
    } catch (e) {
      showToast(e instanceof Error ? e.message : '上传失败');
    } finally {
      setStage('');
    }
  };

  if (error) return <ErrorState message={error} onRetry={() => reload()} />;
  if (!list) return <LoadingState />;
  const pages = Math.ceil(list.length / SAVED_PAGE);
  const shown = list.slice(page * SAVED_PAGE, (page + 1) * SAVED_PAGE);
  const tile =
    'block aspect-square w-full overflow-hidden rounded-lg bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand';
  return (
    <div>
      <div className="mb-2 flex items-center justify-end gap-2 text-sm">
        {managing && (
          <button
            type="button"
            disabled={!chosen.length}
            onClick={() => void remove()}
            className="rounded border border-red-300 px-2 py-1 text-red-700 disabled:opacity-40"
          >
            删除{chosen.length ? `(${chosen.length})` : ''}
          </button>
        )}
        <button
          type="button"
          onClick={() => {
            setManaging((m) => !m);
            setChosen([]);
          }}
          className="rounded border border-gray-300 px-2 py-1 focus-visible:outline-2 focus-visible:outline-brand"
        >
          {managing ? '完成' : '管理'}
        </button>
      </div>
      {!list.length && !managing ? (
        <EmptyState text="还没有收藏的图片，查看大图时可以收藏" />
      ) : (
        <ul className="grid grid-cols-4 gap-2">
          {managing && (
            <li>
              <button
                type="button"
                onClick={() => file.current?.click()}
                disabled={Boolean(stage)}
                aria-label="上传并收藏图片"
                className={`${tile} flex items-center justify-center border-2 border-dashed border-gray-300 text-2xl text-gray-500`}
              >
                {stage ? <span className="text-xs">{stage}…</span> : '+'}
              </button>
              <input
                ref={file}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                className="hidden"
                aria-label="选择要收藏的图片"
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  e.target.value = '';
                  if (f) void upload(f);
                }}
              />
            </li>
          )}
          {shown.map((img) => (
            <li key={img.id}>
              {managing ? (
                <label className={`${tile} relative cursor-pointer`}>
                  <img
                    src={img.thumbPath}
                    alt=""
                    loading="lazy"
                    className="h-full w-full object-cover"
                  />
                  <input
                    type="checkbox"
                    checked={chosen.includes(img.id)}
                    onChange={() => toggle(img.id)}
                    aria-label="选择这张图片"
                    className="absolute top-1 right-1 h-5 w-5 accent-brand"
                  />
                </label>
              ) : (
                <button
                  type="button"
                  onClick={() => onSend(img)}
                  aria-label="发送这张收藏的图片"
                  className={tile}
                >
                  <img
                    src={img.thumbPath}
                    alt=""
                    loading="lazy"
                    className="h-full w-full object-cover"
                  />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}
