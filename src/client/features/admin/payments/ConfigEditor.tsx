/**
 * Create or edit one receiving config. The fields follow the channel's kind: online channels take a
 * gateway URL template, digital currency a currency, address and rate, the other offline channels an
 * account and/or an uploaded QR image. The server checks every rule and answers in Chinese.
 */
import { useState } from 'react';
import { channelByCode, DIGITAL_CURRENCY_CHANNEL } from '../../../../domain/payments';
import { Button, TextField, showToast, useFileUpload } from '../../../ui';
import { ActionError } from '../../../ui/AdminList';
import { saveConfig, uploadQr, type ConfigForm } from './api';
import { CheckBox, TextArea } from '../../../ui/fields';
import { useFormAction } from '../../../query/useFormMutation';

export function ConfigEditor({
  initial,
  onDone,
  onCancel,
}: {
  initial: ConfigForm;
  onDone(): void;
  onCancel(): void;
}) {
  const [f, setF] = useState<ConfigForm>(initial);
  const mutation = useFormAction();
  const { message: error, isPending: busy } = mutation;
  const channel = channelByCode(f.channel)!;
  const digital = channel.code === DIGITAL_CURRENCY_CHANNEL;
  const set =
    <K extends keyof ConfigForm>(k: K) =>
    (v: ConfigForm[K]) =>
      setF((prev) => ({ ...prev, [k]: v }));

  const {
    uploading,
    error: uploadError,
    onFile,
  } = useFileUpload(uploadQr, (r) => set('qrImage')(r.url), '二维码已上传');

  const save = async () => {
    await mutation.submit(async () => {
      await saveConfig(f);
      showToast('保存成功');
      onDone();
    });
  };

  return (
    <form
      aria-label={f.id ? '编辑收款账户' : '新增收款账户'}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      className="mt-3 rounded-lg bg-gray-50 p-3"
    >
      <h3 className="mb-2 font-semibold">
        {f.id ? '编辑' : '新增'}
        {channel.name}收款账户
      </h3>
      <TextField
        label="账户名称"
        name="name"
        value={f.name}
        onChange={set('name')}
        maxLength={30}
      />
      {channel.online && (
        <TextField
          label="网关地址模板"
          name="gatewayUrl"
          value={f.gatewayUrl}
          onChange={set('gatewayUrl')}
          maxLength={500}
          hint="http/https 地址，{orderNo} 与 {amount} 将替换为订单号与金额"
        />
      )}
      {digital && (
        <>
          <TextField
            label="币种"
            name="currency"
            value={f.currency}
            onChange={set('currency')}
            maxLength={20}
            placeholder="USDT-TRC20"
          />
          <TextField
            label="收款地址"
            name="address"
            value={f.address}
            onChange={set('address')}
            maxLength={50}
          />
          <TextField
            label="汇率（元/币）"
            name="rate"
            value={f.rate}
            onChange={set('rate')}
            maxLength={30}
            inputMode="decimal"
          />
        </>
      )}
      {!channel.online && !digital && (
        <>
          <TextField
            label="收款银行"
            name="bankName"
            value={f.bankName}
            onChange={set('bankName')}
            maxLength={30}
          />
          <TextField
            label="收款人"
            name="accountName"
            value={f.accountName}
            onChange={set('accountName')}
            maxLength={30}
          />
          <TextField
            label="收款账号"
            name="accountNo"
            value={f.accountNo}
            onChange={set('accountNo')}
            maxLength={50}
          />
          <div className="mb-3">
            <label className="mb-1 block text-sm font-medium text-gray-800">
              收款二维码
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                onChange={(e) => void onFile(e)}
                disabled={uploading}
                className="mt-1 block w-full text-sm file:mr-2 file:min-h-10 file:rounded-lg file:border-0 file:bg-brand file:px-3 file:text-white"
              />
            </label>
            {uploading && <p className="text-xs text-gray-600">上传中…</p>}
            {f.qrImage && (
              <div className="mt-2 flex items-center gap-3">
                <img
                  src={f.qrImage}
                  alt="收款二维码预览"
                  width={80}
                  height={80}
                  className="h-20 w-20 rounded object-contain ring-1 ring-gray-200"
                />
                <Button variant="secondary" onClick={() => set('qrImage')('')}>
                  移除二维码
                </Button>
              </div>
            )}
          </div>
        </>
      )}
      <div className="grid grid-cols-2 gap-2">
        <TextField
          label="最低金额（元）"
          name="min"
          value={f.min}
          onChange={set('min')}
          maxLength={13}
          inputMode="decimal"
        />
        <TextField
          label="最高金额（元）"
          name="max"
          value={f.max}
          onChange={set('max')}
          maxLength={13}
          inputMode="decimal"
        />
      </div>
      {!digital && (
        <TextField
          label="固定金额（选填，逗号分隔）"
          name="fixedAmounts"
          value={f.fixedAmounts}
          onChange={set('fixedAmounts')}
          maxLength={300}
          placeholder="100,200,500"
        />
      )}
      <TextField
        label="排序（小的在前）"
        name="sort"
        value={f.sort}
        onChange={set('sort')}
        maxLength={6}
        inputMode="numeric"
      />
      <TextArea
        label="充值说明"
        name="instructions"
        value={f.instructions}
        onChange={set('instructions')}
        maxLength={500}
      />
      <CheckBox label="启用" checked={f.enabled} onChange={set('enabled')} />
      <ActionError message={error || uploadError} />
      <div className="mt-2 flex gap-2">
        <Button variant="secondary" className="flex-1" onClick={onCancel} disabled={busy}>
          取消
        </Button>
        <Button type="submit" className="flex-1" loading={busy}>
          保存
        </Button>
      </div>
    </form>
  );
}
