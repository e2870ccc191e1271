/** One team member: online dot, kind, level, balance, last login, register time, points; buttons to open its downline and edit its points. */
import { gradeShow } from '../../../../domain/grades';
import { formatBeijing } from '../../../../domain/time';
import type { TeamMember } from '../api';
import { pointsSummary } from '../points';

const ACTION =
  'min-h-10 rounded-lg px-3 text-sm text-brand ring-1 ring-brand/40 focus-visible:outline-2 focus-visible:outline-brand';

export function MemberCard({
  member,
  onOpen,
  onEditPoints,
}: {
  member: TeamMember;
  onOpen?(): void;
  onEditPoints?(): void;
}) {
  const m = member;
  return (
    <li
      aria-label={`成员 ${m.userName}`}
      className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="flex min-w-0 items-center gap-2">
          <span
            aria-hidden="true"
            className={`h-2.5 w-2.5 shrink-0 rounded-full ${m.online ? 'bg-green-600' : 'bg-gray-400'}`}
          />
          <span className="break-all font-semibold text-gray-900">{m.userName}</span>
        </p>
        <span className="flex shrink-0 gap-1 text-xs">
          <span className="rounded-full bg-brand/10 px-2 py-0.5 text-brand">
            {m.isAgent ? '代理' : '会员'}
          </span>
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-900">
            {gradeShow(m.grade)}
          </span>
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-0.5 text-sm text-gray-700">
        <div className="flex gap-1">
          <dt>余额：</dt>
          <dd className="font-medium text-gray-900 tabular-nums">{m.balance}</dd>
        </div>
        <div className="flex gap-1">
          <dt>状态：</dt>
          <dd className={m.online ? 'text-green-700' : ''}>{m.online ? '在线' : '离线'}</dd>
        </div>
        <div className="col-span-2 flex gap-1">
          <dt>最后登录：</dt>
          <dd>
            {m.lastLoginTime === null
              ? '从未登录'
              : formatBeijing(m.lastLoginTime, 'YYYY-MM-DD HH:mm')}
          </dd>
        </div>
        <div className="col-span-2 flex gap-1">
          <dt>注册时间：</dt>
          <dd>{formatBeijing(m.registerTime, 'YYYY-MM-DD HH:mm')}</dd>
        </div>
      </dl>
      <ul
        aria-label={`${m.userName} 的返点`}
        className="mt-2 grid grid-cols-5 gap-1 rounded-lg bg-gray-50 p-2 text-center text-xs"
      >
        {pointsSummary(m.rebate).map((p) => (
          <li key={p.family}>
            <span className="block text-gray-600">{p.name}</span>
            <span className="font-semibold text-gray-900">{p.point}</span>
          </li>
        ))}
      </ul>
      {(onOpen || onEditPoints) && (
        <div className="mt-2 flex justify-end gap-2">
          {onOpen && (
            <button
              type="button"
              onClick={onOpen}
              aria-label={`查看 ${m.userName} 的下级`}
              className={ACTION}
            >
              查看下级（{m.childCount}人）
            </button>
          )}
          {onEditPoints && (
            <button type="button" onClick={onEditPoints} className={ACTION}>
              调整返点
            </button>
          )}
        </div>
      )}
    </li>
  );
}
