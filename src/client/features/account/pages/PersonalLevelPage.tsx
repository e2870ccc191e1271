/**
 * /personalLevel: the held grade, the lifetime recharge and valid-bet totals with the way to the next
 * tier, and the ten tiers (spec 001 section 3) with how each is reached and what it gives.
 */
import { Page, LoadingState, ErrorState, EmptyState } from '../../../ui';
import { experienceData, type ExperienceData } from '../api';
import { keys, useQuery } from '../../../query';

export default function PersonalLevelPage() {
  const q = useQuery({ queryKey: keys.account('experience'), queryFn: experienceData });
  return (
    <Page title="个人等级" back="/personalInfo">
      <div className="mx-auto max-w-xl">
        {q.loading && !q.data ? (
          <LoadingState />
        ) : q.error || !q.data ? (
          <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />
        ) : (
          <Level data={q.data} />
        )}
      </div>
    </Page>
  );
}

function Progress({ data }: { data: ExperienceData }) {
  const next =
    data.nextGrade === null ? null : (data.grades.find((g) => g.grade === data.nextGrade) ?? null);
  return (
    <section className="mb-4 rounded-xl bg-gradient-to-br from-brand to-red-800 p-4 text-white">
      <p className="text-sm opacity-90">当前等级</p>
      <p className="text-2xl font-bold">
        {data.grade > 0 ? `${data.gradeShow} · ${data.gradeName}` : data.gradeName}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="opacity-90">累计充值</dt>
          <dd className="font-semibold tabular-nums">{data.rechargeAmount} 元</dd>
        </div>
        <div>
          <dt className="opacity-90">累计有效投注</dt>
          <dd className="font-semibold tabular-nums">{data.validBetAmount} 元</dd>
        </div>
      </dl>
      <div
        className="mt-3 h-2 rounded-full bg-white/30"
        role="progressbar"
        aria-label="升级进度"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={data.nextPercent}
      >
        <div className="h-2 rounded-full bg-white" style={{ width: `${data.nextPercent}%` }} />
      </div>
      <p className="mt-2 text-xs leading-5">
        {next
          ? `再充值 ${data.nextRechargeAmount} 元或再有效投注 ${data.nextValidBetAmount} 元即可升级到 ${next.show} ${next.name}`
          : '已达到最高等级'}
      </p>
    </section>
  );
}

function Level({ data }: { data: ExperienceData }) {
  return (
    <>
      <Progress data={data} />
      <h2 className="mb-1 font-semibold text-gray-900">等级说明</h2>
      <p className="mb-2 text-sm text-gray-700">
        累计充值或累计有效投注任一项达到门槛即自动升级，等级只升不降。
      </p>
      {data.grades.length === 0 ? (
        <EmptyState text="暂无等级数据" />
      ) : (
        <ol className="space-y-2">
          {data.grades.map((g) => {
            const mine = g.grade === data.grade;
            return (
              <li
                key={g.grade}
                aria-current={mine ? 'true' : undefined}
                className={`rounded-xl bg-white p-3 text-sm shadow-sm ring-1 ${mine ? 'ring-2 ring-brand' : 'ring-gray-200'}`}
              >
                <div className="flex items-center justify-between">
                  <span className={`font-semibold ${mine ? 'text-brand' : 'text-gray-900'}`}>
                    {g.show} · {g.name}
                  </span>
                  {mine && (
                    <span className="rounded-full bg-brand px-2 py-0.5 text-xs text-white">
                      当前
                    </span>
                  )}
                  {!mine && g.grade < data.grade && (
                    <span className="text-xs text-gray-600">已达成</span>
                  )}
                </div>
                <p className="mt-1 text-gray-700">
                  累计充值 {g.rechargeAmount} 元 或 累计有效投注 {g.validBetAmount} 元
                </p>
                <p className="mt-1 text-gray-900">权益：{g.benefits}</p>
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}
