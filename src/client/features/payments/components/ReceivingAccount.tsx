/** Where the player pays: a bank account, a QR image or a wallet address, with copy buttons and the channel's instructions. */
import type { ReceivingConfig } from '../api';
import { CopyRow } from '../../../ui/CopyRow';

export function ReceivingAccount({
  config,
  channelName,
}: {
  config: ReceivingConfig;
  channelName: string;
}) {
  const hasAccount = Boolean(config.accountNo || config.address);
  return (
    <section aria-label="收款信息" className="mb-4 rounded-xl bg-white p-4">
      <h2 className="mb-2 text-base font-semibold text-gray-900">收款信息</h2>
      {config.gateway && !hasAccount && !config.qrImage && (
        <p className="text-sm text-gray-700">提交订单后将跳转至{channelName}支付页面完成付款。</p>
      )}
      {hasAccount && (
        <dl>
          <CopyRow label="收款银行" value={config.bankName} />
          <CopyRow label="收款人" value={config.accountName} />
          <CopyRow label="收款账号" value={config.accountNo} />
          <CopyRow label="币种" value={config.currency} />
          <CopyRow label="收款地址" value={config.address} />
        </dl>
      )}
      {config.qrImage && (
        <figure className="mt-2 flex flex-col items-center">
          <img
            src={config.qrImage}
            alt={`${config.name}收款二维码`}
            width={200}
            height={200}
            loading="lazy"
            className="h-50 w-50 rounded-lg bg-gray-50 object-contain ring-1 ring-gray-200"
          />
          <figcaption className="mt-1 text-xs text-gray-600">
            请使用{channelName}扫码付款，长按可保存图片
          </figcaption>
        </figure>
      )}
      {config.instructions && (
        <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {config.instructions.split('\n').map((line, i) => (
            <p
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed text split by line; lines never move
              key={i}
            >
              {line}
            </p>
          ))}
        </div>
      )}
    </section>
  );
}
