/** /accountTotal: the wallet home — balance, pledged, yesterday's and total earnings, the rate, actions and logs. */
import { VW_TYPES } from '../../../../domain/wallet';
import { ErrorState, LoadingState } from '../../../ui';
import { Link } from 'wouter';
import type { WalletInfo } from '../api';
import { sumYuan } from '../format';
import { Card, WalletPage } from '../components/WalletPage';
import { useQuery } from '../../../query';
import { walletInfoQuery } from '../queries';

const ACTION =
  'flex min-h-11 flex-1 items-center justify-center rounded-lg px-3 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';
const MENU =
  'flex min-h-12 items-center justify-between px-4 py-3 text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand';

export default function AccountTotalPage() {
  return (
    <WalletPage
      title="虚拟钱包"
      back="/index"
      actions={
        <Link
          href="/introduce"
          className="rounded px-2 py-1 text-sm text-white underline focus-visible:outline-2 focus-visible:outline-white"
        >
          说明
        </Link>
      }
    >
      <Home />
    </WalletPage>
  );
}

function Home() {
  const info = useQuery(walletInfoQuery);
  if (info.loading && !info.data) return <LoadingState />;
  if (info.error || !info.data)
    return <ErrorState message={info.error?.message ?? '加载失败'} onRetry={info.reload} />;
  return <Summary info={info.data} />;
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-gray-600">{label}</dt>
      <dd className="truncate text-base font-semibold text-gray-900">{value}</dd>
    </div>
  );
}

function Summary({ info }: { info: WalletInfo }) {
  return (
    <>
      <Card label="虚拟钱包余额" className="bg-gradient-to-br from-brand to-brand-dark text-white">
        <p className="text-sm opacity-90">虚拟钱包余额（元）</p>
        <p className="mt-1 text-3xl font-bold" data-testid="vw-balance">
          {info.balance}
        </p>
        <p className="mt-2 text-sm opacity-90">年化利率 {info.annualRate}%，每日计息</p>
      </Card>
      <Card label="收益概览">
        <dl className="grid grid-cols-2 gap-3">
          <Stat label="质押中（元）" value={info.pledgedTotal} />
          <Stat label="主钱包余额（元）" value={info.walletBalance} />
          <Stat
            label="昨日收益（元）"
            value={sumYuan(info.yesterdayInterest, info.yesterdayProfit)}
          />
          <Stat label="累计收益（元）" value={sumYuan(info.totalInterest, info.totalProfit)} />
          <Stat label="累计利息（元）" value={info.totalInterest} />
          <Stat label="累计质押收益（元）" value={info.totalProfit} />
        </dl>
      </Card>
      <div className="flex gap-2">
        <Link href="/balanceIn" className={`${ACTION} bg-brand text-white hover:bg-brand-dark`}>
          转入
        </Link>
        <Link
          href="/balanceOut"
          className={`${ACTION} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
        >
          转出
        </Link>
        <Link
          href="/pledgeShop"
          className={`${ACTION} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
        >
          质押
        </Link>
      </div>
      <nav
        aria-label="虚拟钱包记录"
        className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
      >
        <ul className="divide-y divide-gray-100">
          <li>
            <Link href="/pledgePosition" className={MENU}>
              <span>我的质押</span>
              <span className="text-sm text-gray-600">持有 {info.holdingCount} 笔 ›</span>
            </Link>
          </li>
          <li>
            <Link href="/waterDetail" className={MENU}>
              <span>资金明细</span>
              <span aria-hidden="true" className="text-gray-500">
                ›
              </span>
            </Link>
          </li>
          <li>
            <Link href={`/waterDetail?type=${VW_TYPES.interest}`} className={MENU}>
              <span>利息记录</span>
              <span aria-hidden="true" className="text-gray-500">
                ›
              </span>
            </Link>
          </li>
          <li>
            <Link href={`/waterDetail?type=${VW_TYPES.pledgeProfit}`} className={MENU}>
              <span>质押收益记录</span>
              <span aria-hidden="true" className="text-gray-500">
                ›
              </span>
            </Link>
          </li>
          <li>
            <Link href="/introduce" className={MENU}>
              <span>虚拟钱包说明</span>
              <span aria-hidden="true" className="text-gray-500">
                ›
              </span>
            </Link>
          </li>
        </ul>
      </nav>
    </>
  );
}
