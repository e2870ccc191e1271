/**
 * /lowerReport (下级报表): the team figures of each direct member (each row is that member's whole
 * team), drilling down level by level with a breadcrumb back up, a search of the team by user name,
 * load-more paging, over the same date range filter as /agentReport.
 */
import { useRef, useState } from 'react';
import { Page } from '../../../ui';
import { NameSearch } from '../components/NameSearch';
import { keys } from '../../../query';
import { PAGE_SIZE, usePagedList } from '../../records/paging';
import { PagedView } from '../../records/components/PagedView';
import { getChildReport, type ChildReport, type MemberFigures } from '../api';
import { FigureRows } from '../components/FigureRows';
import { RangeFilter, useRangeValue } from '../components/RangeFilter';
import { Breadcrumb } from '../components/Breadcrumb';
import { useSignals } from '@preact/signals-react/runtime';
import { currentUser } from '../../../state/session';

type Meta = Pick<ChildReport, 'self' | 'path'>;

export default function LowerReportPage() {
  useSignals();
  const meId = currentUser.value?.userId;
  const [range, setRange] = useRangeValue('today');
  const [parentId, setParentId] = useState<number | undefined>(undefined);
  // a new key empties the search field (after 清除搜索 or a drill-down)
  const [searchKey, setSearchKey] = useState(0);
  const [userName, setUserName] = useState('');
  const q = {
    startTime: range.range.startDate,
    endTime: range.range.endDate,
    userId: parentId,
    userName: userName || undefined,
  };
  const key = JSON.stringify(q);
  const [meta, setMeta] = useState<{ key: string; data: Meta } | null>(null);
  const latestKey = useRef(key);
  latestKey.current = key;
  const members = usePagedList<MemberFigures>(
    async (pageNum) => {
      const r = await getChildReport({ ...q, pageNum, pageSize: PAGE_SIZE });
      // a late answer for another level or range must not replace what is shown
      if (latestKey.current === key) setMeta({ key, data: { self: r.self, path: r.path } });
      return r;
    },
    keys.agentReports('children', q),
  );
  const shown = meta?.key === key ? meta.data : null;

  const clearSearch = () => {
    setSearchKey((k) => k + 1);
    setUserName('');
  };
  const open = (userId: number) => {
    clearSearch();
    setParentId(userId);
  };

  return (
    <Page title="下级报表" back>
      <div className="mx-auto max-w-xl space-y-3">
        <section
          aria-label="筛选"
          className="space-y-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200"
        >
          <NameSearch key={searchKey} value={userName} onSearch={setUserName} />
          <RangeFilter value={range} onChange={setRange} />
        </section>
        {userName ? (
          <div className="flex items-center justify-between gap-2 text-sm text-gray-800">
            <span className="min-w-0 truncate">团队中用户名以“{userName}”开头的成员</span>
            <button
              type="button"
              onClick={clearSearch}
              className="shrink-0 text-brand underline focus-visible:outline-2 focus-visible:outline-brand"
            >
              清除搜索
            </button>
          </div>
        ) : (
          shown && (
            <Breadcrumb
              path={shown.path}
              meId={meId}
              onOpen={(id) => setParentId(id === meId ? undefined : id)}
            />
          )
        )}
        {shown && !userName && (
          <FigureRows
            label="本级"
            rows={[
              {
                key: shown.self.userId,
                title: `${shown.self.userName}（团队合计）`,
                figures: shown.self,
              },
            ]}
          />
        )}
        <PagedView list={members} empty={userName ? '没有找到该用户' : '暂无下级'}>
          {(items) => (
            <FigureRows
              label="下级列表"
              rows={items.map((m) => ({
                key: m.userId,
                title: (
                  <>
                    {m.userName}
                    <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs font-normal text-gray-700">
                      {m.isAgent ? '代理' : '会员'}
                    </span>
                  </>
                ),
                figures: m,
                actions:
                  m.childCount > 0 ? (
                    <button
                      type="button"
                      onClick={() => open(m.userId)}
                      aria-label={`查看 ${m.userName} 的下级（${m.childCount}人）`}
                      className="min-h-9 rounded-lg border border-brand px-3 text-sm text-brand hover:bg-brand/5 focus-visible:outline-2 focus-visible:outline-brand"
                    >
                      下级 {m.childCount}
                    </button>
                  ) : undefined,
              }))}
            />
          )}
        </PagedView>
        <p className="text-xs leading-relaxed text-gray-600">
          每行为该成员及其全部下级的合计；金额单位：元。
        </p>
      </div>
    </Page>
  );
}
