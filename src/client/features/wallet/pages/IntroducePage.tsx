/** /introduce: what the virtual wallet and pledges are, how interest and profit are counted, and the rules. */
import { formatBp, DEFAULT_VW_RATE_BP } from '../../../../domain/wallet';
import { Link } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { currentUser } from '../../../state/session';
import { limitText } from '../format';
import { Card, WalletPage } from '../components/WalletPage';
import { useWalletAndProducts } from '../queries';

const RULES = [
  '转入：从主钱包余额转入虚拟钱包，实时到账，不收取手续费。',
  '转出：虚拟钱包余额可随时转出到主钱包，实时到账。',
  '利息：每日按北京时间 24:00 的虚拟钱包余额计息，日利息 = 余额 × 年化利率 ÷ 365，不足 0.01 元的部分不计。',
  '质押：将虚拟钱包中的资金质押到质押产品，到期收益 = 本金 × 年化利率 × 期限天数 ÷ 365，到期后本金与收益返回虚拟钱包。',
  '自动续期：开启后到期只发放收益，本金按原条件继续质押下一期，可随时关闭。',
  '提前赎回：按产品规则办理，可能不支持、只退本金或扣除违约金，已发放的往期收益不受影响。',
  '虚拟钱包与质押的每一笔资金变动都会记录在资金明细中。',
];

export default function IntroducePage() {
  useSignals();
  const loggedIn = Boolean(currentUser.value?.isLogin);
  return (
    <WalletPage title="虚拟钱包介绍" back>
      <Card label="什么是虚拟钱包">
        <h2 className="text-lg font-semibold text-gray-900">什么是虚拟钱包</h2>
        <p className="mt-2 text-sm leading-6 text-gray-800">
          虚拟钱包是一个可以生息的余额账户：把暂时不用的主钱包余额转入，每天按年化利率计算利息，随时可以转出使用。
          想要更高收益，可以把虚拟钱包的资金质押到固定期限的质押产品。
        </p>
        {loggedIn ? (
          <CurrentRates />
        ) : (
          <p className="mt-2 text-sm text-gray-800">
            默认年化利率{' '}
            <span className="font-semibold text-red-700">{formatBp(DEFAULT_VW_RATE_BP)}%</span>
            ，登录后可查看当前利率与各质押产品。
          </p>
        )}
      </Card>
      <Card label="规则说明">
        <h2 className="text-lg font-semibold text-gray-900">规则说明</h2>
        <ol className="mt-2 list-decimal space-y-2 pl-5 text-sm leading-6 text-gray-800">
          {RULES.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ol>
      </Card>
      <Link
        href={loggedIn ? '/accountTotal' : '/login?redirect=%2FaccountTotal'}
        className="flex min-h-11 w-full items-center justify-center rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        立即开始
      </Link>
    </WalletPage>
  );
}

/** The current virtual-wallet rate and the products on offer (logged-in visitors only: the calls need a session). */
function CurrentRates() {
  const q = useWalletAndProducts();
  if (q.loading) return <p className="mt-2 text-sm text-gray-600">正在读取当前利率…</p>;
  if (q.error || !q.data)
    return <p className="mt-2 text-sm text-gray-600">当前利率暂时无法读取，请以钱包首页为准。</p>;
  const { info, products } = q.data;
  return (
    <>
      <p className="mt-2 text-sm text-gray-800">
        虚拟钱包当前年化利率 <span className="font-semibold text-red-700">{info.annualRate}%</span>
      </p>
      {products.list.length > 0 && (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="mb-1 text-left font-medium text-gray-900">质押产品</caption>
          <thead>
            <tr className="text-gray-600">
              <th scope="col" className="py-1 font-normal">
                产品
              </th>
              <th scope="col" className="font-normal">
                期限
              </th>
              <th scope="col" className="font-normal">
                年化
              </th>
              <th scope="col" className="font-normal">
                起投
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {products.list.map((p) => (
              <tr key={p.productId}>
                <td className="py-1 text-gray-900">{p.name}</td>
                <td>{p.termDays} 天</td>
                <td className="text-red-700">{p.annualRate}%</td>
                <td>{limitText(p.minAmount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
