/** /longDragonInfo: what a long dragon is and how the helper works. */
import { Link } from 'wouter';
import { Page } from '../../../ui';
import { STREAK_BET_MAX_AMOUNT } from '../../../../domain/validation';
import { STREAK_REFRESH_MS } from '../../../../domain/constants';

export default function LongDragonInfoPage() {
  return (
    <Page title="长龙说明" back>
      <article className="mx-auto max-w-xl space-y-4 rounded-xl bg-white p-4 text-sm leading-relaxed text-gray-800 shadow-sm ring-1 ring-gray-200">
        <section>
          <h2 className="mb-1 text-base font-semibold text-gray-900">什么是长龙</h2>
          <p>
            长龙是指某个彩种的同一位置连续多期开出相同属性，例如时时彩“万位 大”连续开出 5
            期、PK拾“冠军 单”连续开出 4 期。连开 3 期及以上即列入长龙。
          </p>
          <p className="mt-1">
            和局（如龙虎相等、特码 49）会中断长龙；未开奖或系统撤销的期数不计入也不中断。
          </p>
        </section>
        <section>
          <h2 className="mb-1 text-base font-semibold text-gray-900">如何使用长龙助手</h2>
          <ol className="list-decimal space-y-1 pl-5">
            <li>
              “最新长龙”列出当前所有长龙：彩种、位置、属性、连开期数、当前在售期号和距封盘的倒计时，每{' '}
              {STREAK_REFRESH_MS / 1000} 秒自动刷新。
            </li>
            <li>每行有两个投注选项（顺势或反向），点击选中，再次点击取消；可同时选择多行。</li>
            <li>
              输入每注金额（正整数，最多 {STREAK_BET_MAX_AMOUNT.toLocaleString('zh-CN')}{' '}
              元），点击“投注”并确认。
            </li>
            <li>倒计时结束后该行显示“开奖中”，按钮不可点击，新一期开售后自动恢复。</li>
            <li>投注按您账户的返点进行，返点在结算后发放；“我的投注”可查看近期赔率玩法的注单。</li>
          </ol>
        </section>
        <p className="text-xs text-gray-600">长龙仅反映历史开奖，每期开奖相互独立，请理性投注。</p>
        <Link
          href="/longDragon"
          className="inline-flex min-h-11 items-center rounded-lg bg-brand px-4 font-medium text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          打开长龙助手
        </Link>
      </article>
    </Page>
  );
}
