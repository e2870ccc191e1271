/** One bound payout account: a bank card, an Alipay or a WeChat account, masked. */
import { Link } from 'wouter';
import type { Card } from '../api';

const KIND_STYLE: Record<Card['kind'], { label: string; tone: string }> = {
  bank: { label: '银行卡', tone: 'from-rose-700 to-rose-900' },
  alipay: { label: '支付宝', tone: 'from-sky-700 to-sky-900' },
  weixin: { label: '微信', tone: 'from-emerald-700 to-emerald-900' },
};

export function CardItem({
  card,
  editHref,
  onDelete,
}: {
  card: Card;
  editHref: string;
  onDelete(): void;
}) {
  const style = KIND_STYLE[card.kind];
  const title = card.kind === 'bank' ? card.bankName : style.label;
  return (
    <li
      className={`rounded-xl bg-gradient-to-br ${style.tone} p-4 text-white shadow-sm`}
      aria-label={`${title} ${card.accountNo}`}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-base font-semibold">{title}</p>
          <p className="text-sm text-white/90">
            {card.realName}
            {card.branch ? ` · ${card.branch}` : ''}
          </p>
        </div>
        <span className="shrink-0 rounded bg-white/20 px-2 py-0.5 text-xs">{style.label}</span>
      </div>
      <p className="mt-3 font-mono text-lg tracking-wider" data-testid="card-number">
        {card.accountNo}
      </p>
      <div className="mt-3 flex justify-end gap-2">
        <Link
          href={editHref}
          className="rounded-lg bg-white/20 px-3 py-1.5 text-sm hover:bg-white/30 focus-visible:outline-2 focus-visible:outline-white"
        >
          修改
        </Link>
        <button
          type="button"
          onClick={onDelete}
          className="rounded-lg bg-white/20 px-3 py-1.5 text-sm hover:bg-white/30 focus-visible:outline-2 focus-visible:outline-white"
        >
          删除
        </button>
      </div>
    </li>
  );
}
