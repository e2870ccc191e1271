/**
 * /agentIntro (代理中心, login only): what an agent is and how the rebate difference is earned, then
 * for an agent its points and every agent page, for anyone else how to become one (an agent's invite
 * code, or the operator's customer-service lines as in the 客服 picker).
 */
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { Button, ErrorState, LoadingState, Page } from '../../../ui';
import { currentUser, refreshUser } from '../../../state/session';
import { tenantConfig } from '../../../state/tenant';
import { keys, useQuery } from '../../../query';
import { pointToGroup, pointsToWire, type RebatePoints } from '../../../../domain/agent/points';
import { uplineRebatesFen } from '../../../../domain/lottery/money';
import { formatFen } from '../../../../domain/money';
import { NO_SERVICE_LINE_MSG } from '../../../../domain/toolbar/service';
import { getServiceLines } from '../../toolbar/api';
import { openServiceLine } from '../../toolbar/openService';
import { useMyPoints } from '../useMyPoints';
import { builtAgentPages } from '../menu';
import { pointsSummary } from '../points';

/** The worked example, computed with the settlement's own rule (uplineRebatesFen). */
const EXAMPLE = { stakeFen: 100_00, agentPoint: 8, memberPoint: 7.5 };
const exampleEarnFen = uplineRebatesFen(EXAMPLE.stakeFen, [
  pointToGroup(EXAMPLE.memberPoint),
  pointToGroup(EXAMPLE.agentPoint),
])[0]!;

const CARD = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200';

export default function AgentIntroPage() {
  useSignals();
  const user = currentUser.value;
  const mine = useMyPoints();
  const isAgent = mine.points ? mine.isAgent : Boolean(user?.agent);
  // the server knows best: a freshly made agent's stored user is brought up to date for the route guard
  const stale = Boolean(mine.points && user && user.agent !== mine.isAgent);
  useEffect(() => {
    if (stale) void refreshUser({ quiet: true });
  }, [stale]);
  return (
    <Page title="代理中心" back>
      <div className="mx-auto max-w-xl space-y-3">
        <About />
        {mine.loading ? (
          <LoadingState />
        ) : mine.error ? (
          <ErrorState message={mine.error.message} onRetry={mine.reload} />
        ) : isAgent && mine.points ? (
          <AgentHome points={mine.points} />
        ) : (
          <BecomeAgent />
        )}
      </div>
    </Page>
  );
}

function About() {
  return (
    <>
      <section aria-labelledby="what-agent" className={CARD}>
        <h2 id="what-agent" className="mb-2 font-semibold text-gray-900">
          什么是代理
        </h2>
        <p className="text-sm leading-relaxed text-gray-700">
          代理可以发展自己的团队：生成邀请码或直接开户，让新玩家成为您的下级（会员或下级代理），并随时查看团队成员、投注、账变和报表。
          团队成员每一笔已结算的投注，您都能按返点差额获得佣金。
        </p>
      </section>
      <section aria-labelledby="how-rebate" className={CARD}>
        <h2 id="how-rebate" className="mb-2 font-semibold text-gray-900">
          返点与差额
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-sm leading-relaxed text-gray-700">
          <li>
            每个账号在每个彩种类别（以及棋牌）上各有一个返点，单位为投注额的百分比，最多一位小数。
          </li>
          <li>
            下级的返点由上级设置，任何彩种都不能高于上级自己的返点；上级调低下级返点时，也不能低于该下级已分给其下级的返点。
          </li>
          <li>
            下级投注结算后，每一级上级获得 投注额 ×（自己的返点 −
            直属下级的返点）%，由系统在结算时自动发放，计入账变“返点”。
          </li>
          <li>
            例如：您的返点为 {EXAMPLE.agentPoint}，给会员设置 {EXAMPLE.memberPoint}，会员投注{' '}
            {formatFen(EXAMPLE.stakeFen)} 元并结算， 您获得 {formatFen(exampleEarnFen)} 元。
          </li>
        </ul>
      </section>
    </>
  );
}

function AgentHome({ points }: { points: RebatePoints }) {
  const pages = builtAgentPages();
  return (
    <>
      <section aria-labelledby="my-points" className={CARD}>
        <h2 id="my-points" className="mb-2 font-semibold text-gray-900">
          我的返点
        </h2>
        <ul
          aria-label="我的返点"
          className="grid grid-cols-5 gap-1 rounded-lg bg-gray-50 p-2 text-center text-xs"
        >
          {pointsSummary(pointsToWire(points)).map((p) => (
            <li key={p.family}>
              <span className="block text-gray-600">{p.name}</span>
              <span className="font-semibold text-gray-900">{p.point}</span>
            </li>
          ))}
        </ul>
      </section>
      <nav aria-label="代理功能" className="grid grid-cols-2 gap-2">
        {pages.map((p) => (
          <Link
            key={p.href}
            href={p.href}
            className="flex min-h-20 flex-col justify-center rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200 focus-visible:outline-2 focus-visible:outline-brand"
          >
            <span className="font-semibold text-gray-900">{p.label}</span>
            <span className="mt-1 text-xs text-gray-600">{p.desc}</span>
          </Link>
        ))}
      </nav>
    </>
  );
}

function BecomeAgent() {
  const [, navigate] = useLocation();
  const lines = useQuery({
    queryKey: keys.customerService(),
    queryFn: getServiceLines,
    staleTime: 30_000,
  });
  return (
    <section aria-labelledby="become-agent" className={CARD}>
      <h2 id="become-agent" className="mb-2 font-semibold text-gray-900">
        如何成为代理
      </h2>
      <p className="mb-1 text-sm font-medium text-gray-800">您还不是代理。成为代理有两种方式：</p>
      <ol className="mb-3 list-decimal space-y-1 pl-5 text-sm text-gray-700">
        <li>使用上级代理提供的“代理邀请码”注册新账号。</li>
        <li>联系在线客服申请开通代理，客服审核后为您开通。</li>
      </ol>
      {lines.loading ? (
        <LoadingState />
      ) : lines.error ? (
        <ErrorState message={lines.error.message} onRetry={lines.reload} />
      ) : lines.data?.length ? (
        <ul className="space-y-2" aria-label="客服线路">
          {lines.data.map((l) => (
            <li key={`${l.sort}-${l.name}-${l.linkUrl}-${l.htmlPath}`}>
              <Button
                className="w-full"
                onClick={() => openServiceLine(l, navigate, tenantConfig.value)}
              >
                联系客服：{l.name}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {NO_SERVICE_LINE_MSG}
        </p>
      )}
    </section>
  );
}
