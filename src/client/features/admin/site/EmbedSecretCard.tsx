/**
 * 客服设置 → 合作方签名密钥: the secret the embedded-chat partner signs its users' muids with
 * (docs/embedded-chat.md). The server never shows it again; a new one is made here and shown once,
 * to be handed to the partner. It belongs to the partner address saved above.
 */
import { useState } from 'react';
import { Button, ErrorState, LoadingState, confirmDialog } from '../../../ui';
import { request } from '../../../api/request';
import { keys, useQuery } from '../../../query';
import { useFormMutation } from '../../../query/useFormMutation';

const I = { inline: true } as const;
const PATH = '/v1/admin/chat/embedChatSecret';
const getState = () =>
  request<{ configured: number; partnerOrigin: string }>('GET', PATH, undefined, I);
const makeSecret = () => request<{ secret: string; partnerOrigin: string }>('POST', PATH, {}, I);

/** `partnerOrigin`: the saved partner, so saving another one reads its state afresh. */
export function EmbedSecretCard({ partnerOrigin }: { partnerOrigin: string }) {
  const { data, error, loading, reload } = useQuery({
    queryKey: keys.admin('embedChatSecret', partnerOrigin),
    queryFn: getState,
  });
  const [secret, setSecret] = useState('');
  const making = useFormMutation({
    mutationFn: makeSecret,
    onSuccess: (made) => {
      setSecret(made.secret);
      reload();
    },
  });
  if (loading) return <LoadingState />;
  if (error || !data) return <ErrorState message={error?.message ?? '加载失败'} onRetry={reload} />;
  const make = async () => {
    if (data.configured && !(await confirmDialog('生成新密钥后，合作方须改用新密钥签名，确定吗？')))
      return;
    await making.submit();
  };
  return (
    <section aria-label="合作方签名密钥" className="mt-3 rounded-xl bg-white p-4">
      <h2 className="mb-2 font-semibold text-gray-900">合作方签名密钥</h2>
      <p className="mb-3 text-sm text-gray-600">
        {data.partnerOrigin
          ? `${data.partnerOrigin}：${data.configured ? '已设置' : '未设置，合作方账号无法绑定'}`
          : '请先保存合作方聊天地址'}
      </p>
      {secret && (
        <div className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <p className="mb-1">新密钥只显示这一次，请复制后交给合作方：</p>
          <output aria-label="新密钥" className="block break-all font-mono select-all">
            {secret}
          </output>
        </div>
      )}
      {making.message && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {making.message}
        </p>
      )}
      <Button
        type="button"
        variant="secondary"
        loading={making.isPending}
        disabled={!data.partnerOrigin}
        className="w-full"
        onClick={() => void make()}
      >
        生成新密钥
      </Button>
    </section>
  );
}
