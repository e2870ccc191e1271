/**
 * /activity/{id} (spec 000): one promotion with its cover, time, rule and rich content, and for the
 * claimable kinds the action: 签到 (daily check-in, with the run of the last days) or 领取 (a recharge
 * or turnover bonus). The action is a money action; its answer or refusal is shown in Chinese.
 */
import { useState } from 'react';
import { Link, useLocation, useRoute } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { ActivityState } from '../../../domain/activity';
import { useMoneyAction } from '../../money/useMoneyAction';
import { keys, useQuery } from '../../query';
import { currentUser } from '../../state/session';
import { Button, EmptyState, ErrorState, LoadingState, Page, requireOnline } from '../../ui';
import { ActivityStateBadge } from './ActivityStateBadge';
import { RichContent } from './RichContent';
import {
  checkinSignIn,
  getActivityDetails,
  getCheckinToday,
  receiveActivityReward,
  type ActivityDetail,
  type PromoClaim,
} from './promotionsApi';

export default function ActivityDetailPage() {
  useSignals();
  const raw = useRoute('/activity/:id')[1]?.id ?? '';
  const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  const loggedIn = currentUser.value !== null;
  const q = useQuery({
    queryKey: keys.activities('detail', id, loggedIn),
    queryFn: () => getActivityDetails(id!),
    enabled: id !== null,
  });
  let body: React.ReactNode;
  if (id === null) body = <EmptyState text="活动不存在" />;
  else if (q.loading && !q.data) body = <LoadingState />;
  else if (!q.data)
    body = <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />;
  else body = <Detail a={q.data} loggedIn={loggedIn} onChanged={q.reload} />;
  return (
    <Page title={q.data?.title ?? '活动详情'} back="/activity">
      <div className="mx-auto max-w-xl">{body}</div>
    </Page>
  );
}

function Detail({
  a,
  loggedIn,
  onChanged,
}: {
  a: ActivityDetail;
  loggedIn: boolean;
  onChanged(): void;
}) {
  return (
    <article className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      {a.coverImage && (
        <img
          src={a.coverImage}
          alt={a.title}
          className="aspect-[5/2] w-full bg-gray-100 object-cover"
          data-testid="activity-cover"
        />
      )}
      <div className="flex flex-col gap-3 p-4">
        <header className="flex items-start gap-2">
          <h2 className="min-w-0 flex-1 text-lg font-bold text-gray-900">{a.title}</h2>
          <ActivityStateBadge state={a.state} kind={a.kind} />
        </header>
        <p className="text-sm text-gray-700">
          活动时间：{a.startTime} 至 {a.endTime}（北京时间）
        </p>
        {a.kind !== 'info' && <ClaimBox a={a} loggedIn={loggedIn} onChanged={onChanged} />}
        {a.ruleLines.length > 0 && (
          <section
            aria-label="活动规则"
            className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950"
          >
            <h3 className="mb-1 font-semibold">活动规则</h3>
            <ul className="list-disc space-y-1 pl-5">
              {a.ruleLines.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          </section>
        )}
        <RichContent html={a.content} label="活动内容" />
      </div>
    </article>
  );
}

function ClaimBox({
  a,
  loggedIn,
  onChanged,
}: {
  a: ActivityDetail;
  loggedIn: boolean;
  onChanged(): void;
}) {
  const [, navigate] = useLocation();
  const userId = currentUser.value?.userId ?? 0;
  const action = useMoneyAction<PromoClaim>(userId, 'activity');
  const [done, setDone] = useState<PromoClaim | null>(null);
  const [refusal, setRefusal] = useState('');
  const checkin = a.kind === 'checkin';
  const verb = checkin ? '签到' : '领取';

  const claim = async () => {
    if (!(await requireOnline())) return;
    setRefusal('');
    const send = checkin ? checkinSignIn : receiveActivityReward;
    const out = await action.run(`activity:${a.id}`, (requestId) => send(a.id, requestId));
    if (out.ok) {
      setDone(out.result);
      onChanged();
    } else if (out.reason === 'refused') {
      setRefusal(out.message || `${verb}失败`);
      onChanged();
    }
  };

  return (
    <section
      aria-label={checkin ? '每日签到' : '领取奖励'}
      className="flex flex-col gap-3 rounded-lg bg-rose-50 p-3"
    >
      {checkin && loggedIn && (
        <CheckinStrip id={a.id} rewards={a.checkinRewards ?? []} stamp={done?.amount ?? a.state} />
      )}
      {done ? (
        <p
          role="status"
          data-testid="claim-result"
          className="text-center font-semibold text-green-800"
        >
          {checkin ? `签到成功，连续签到${done.streak}天，` : '领取成功，'}获得 {done.amount}{' '}
          元，当前余额 {done.balance} 元
        </p>
      ) : !loggedIn ? (
        <Button
          onClick={() => navigate(`/login?redirect=${encodeURIComponent(`/activity/${a.id}`)}`)}
        >
          登录后{verb}
        </Button>
      ) : a.state === ActivityState.CLAIMABLE ? (
        <Button onClick={() => void claim()} loading={action.busy}>
          {checkin ? `立即签到（今日可得 ${a.amount} 元）` : `立即领取 ${a.amount} 元`}
        </Button>
      ) : a.state === ActivityState.CLAIMED ? (
        <p className="text-center font-medium text-green-800">
          {checkin ? `今日已签到，获得 ${a.amount} 元` : `本期已领取 ${a.amount} 元`}
        </p>
      ) : (
        <p className="text-center text-sm text-gray-800">{a.reason}</p>
      )}
      {refusal && (
        <p role="alert" className="text-center text-sm text-red-700">
          {refusal}
        </p>
      )}
      {loggedIn && (
        <Link href="/activityinfo" className="text-center text-sm text-brand underline">
          查看我的领取记录
        </Link>
      )}
    </section>
  );
}

/** The last seven days (signed or not) and the reward of each day of a run. */
function CheckinStrip({ id, rewards, stamp }: { id: number; rewards: string[]; stamp: string }) {
  const q = useQuery({
    queryKey: keys.activities('checkin', id, stamp),
    queryFn: () => getCheckinToday(id),
  });
  return (
    <div className="flex flex-col gap-2">
      {q.data && (
        <ol aria-label="近7天签到" className="grid grid-cols-7 gap-1 text-center text-xs">
          {q.data.recentDays.map((d) => (
            <li
              key={d.date}
              className={`rounded-md py-1 ${d.signed ? 'bg-rose-600 text-white' : 'bg-white text-gray-700 ring-1 ring-rose-200'}`}
            >
              <span className="block">{d.today ? '今天' : d.date}</span>
              <span className="block font-semibold">{d.signed ? '✓' : '-'}</span>
            </li>
          ))}
        </ol>
      )}
      {rewards.length > 0 && (
        <p className="text-xs text-gray-700">
          连续签到奖励：{rewards.map((r, i) => `第${i + 1}天${r}元`).join('、')}
        </p>
      )}
    </div>
  );
}
