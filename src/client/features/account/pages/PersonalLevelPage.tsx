/** /personalLevel: current grade, progress to the next grade, and the grade ladder. */
import { Page, LoadingState, ErrorState, EmptyState } from '../../../ui';
import { experienceData, type ExperienceData } from '../api';
import { keys, useQuery } from '../../../query';

export default function PersonalLevelPage() {
  const q = useQuery({ queryKey: keys.account('experience'), queryFn: experienceData });
  return (
    <Page title="个人等级" back="/personalInfo">
      <div className="mx-auto max-w-xl">
        {q.loading ? <LoadingState />
          : q.error || !q.data ? <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />
            : <Level data={q.data} />}
      </div>
    </Page>
  );
}

function Level({ data }: { data: ExperienceData }) {
  const hasNext = data.nextGrade !== null && data.nextExperience !== null;
  const from = data.grades.find((g) => g.grade === data.grade)?.experience ?? 0;
  const span = hasNext ? Math.max(1, data.nextExperience! - from) : 1;
  const percent = hasNext ? Math.min(100, Math.max(0, Math.floor(((data.experience - from) * 100) / span))) : 100;
  return (
    <>
      <section className="mb-4 rounded-xl bg-gradient-to-br from-brand to-red-800 p-4 text-white">
        <p className="text-sm opacity-90">当前等级</p>
        <p className="text-2xl font-bold">VIP{data.grade} · {data.gradeName}</p>
        <p className="mt-2 text-sm">经验值 {data.experience}</p>
        <div className="mt-2 h-2 rounded-full bg-white/30" role="progressbar" aria-label="升级进度" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <div className="h-2 rounded-full bg-white" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-2 text-xs">
          {hasNext ? `距离 VIP${data.nextGrade} 还需 ${Math.max(0, data.nextExperience! - data.experience)} 经验` : '已达到最高等级'}
        </p>
      </section>
      <h2 className="mb-2 font-semibold text-gray-900">等级说明</h2>
      {data.grades.length === 0 ? <EmptyState text="暂无等级数据" /> : (
        <table className="w-full overflow-hidden rounded-xl bg-white text-sm shadow-sm ring-1 ring-gray-200">
          <thead className="bg-gray-50 text-gray-700">
            <tr><th scope="col" className="px-3 py-2 text-left">等级</th><th scope="col" className="px-3 py-2 text-left">名称</th><th scope="col" className="px-3 py-2 text-right">所需经验</th></tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {data.grades.map((g) => (
              <tr key={g.grade} className={g.grade === data.grade ? 'bg-brand/10 font-semibold text-brand' : 'text-gray-900'} aria-current={g.grade === data.grade ? 'true' : undefined}>
                <td className="px-3 py-2">VIP{g.grade}</td><td className="px-3 py-2">{g.name}</td><td className="px-3 py-2 text-right">{g.experience}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
