/** One pledge product: term, rate, minimum, limits and the early-exit rule. */
import type { ReactNode } from 'react';
import type { PledgeProduct } from '../api';
import { limitText } from '../format';

export function ProductTerms({ product }: { product: PledgeProduct }) {
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
      <div>
        <dt className="inline text-gray-600">期限：</dt>
        <dd className="inline text-gray-900">{product.termDays} 天</dd>
      </div>
      <div>
        <dt className="inline text-gray-600">年化利率：</dt>
        <dd className="inline font-semibold text-red-700">{product.annualRate}%</dd>
      </div>
      <div>
        <dt className="inline text-gray-600">起投金额：</dt>
        <dd className="inline text-gray-900">{product.minAmount} 元</dd>
      </div>
      <div>
        <dt className="inline text-gray-600">单笔上限：</dt>
        <dd className="inline text-gray-900">{limitText(product.maxAmount)}</dd>
      </div>
      <div className="col-span-2">
        <dt className="inline text-gray-600">个人限额：</dt>
        <dd className="inline text-gray-900">{limitText(product.userLimit)}</dd>
      </div>
      <div className="col-span-2">
        <dt className="inline text-gray-600">赎回规则：</dt>
        <dd className="inline text-gray-900">{product.earlyExitName}</dd>
      </div>
    </dl>
  );
}

export function ProductCard({ product, action }: { product: PledgeProduct; action?: ReactNode }) {
  return (
    <article
      aria-label={product.name}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
    >
      <h2 className="mb-2 text-base font-semibold text-gray-900">{product.name}</h2>
      <ProductTerms product={product} />
      {action && <div className="mt-3">{action}</div>}
    </article>
  );
}
