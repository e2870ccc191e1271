/** 上一页 / n/N / 下一页 under a paged list; nothing when there is one page. Pages count from 1. */
import { Button } from './controls';

export function PageNav({
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
    <nav aria-label="分页" className="mt-3 flex items-center justify-between text-sm">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </Button>
      <span className="text-gray-600 tabular-nums">
        {page}/{pages}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        下一页
      </Button>
    </nav>
  );
}
