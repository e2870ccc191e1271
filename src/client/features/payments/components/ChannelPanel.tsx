/** One channel: its receiving configs (a choice when there are several), the account to pay and the amount form. */
import { useState } from 'react';
import { Radio, RadioGroup } from '@headlessui/react';
import type { RechargeChannel } from '../../../../domain/payments';
import { LoadingState, EmptyState, ErrorState } from '../../../ui';
import { getChannel } from '../api';
import { ReceivingAccount } from './ReceivingAccount';
import { RechargeForm } from './RechargeForm';
import { keys, useQuery } from '../../../query';

interface Props {
  channel: RechargeChannel;
  payerNameRequired: boolean;
  userId: number;
}

export function ChannelPanel({ channel, payerNameRequired, userId }: Props) {
  const { data, error, loading, reload } = useQuery({
    queryKey: keys.payChannel(channel.code),
    queryFn: () => getChannel(channel),
  });
  const [picked, setPicked] = useState<number | null>(null);
  if (loading && !data) return <LoadingState />;
  if (error) return <ErrorState message={error.message} onRetry={reload} />;
  if (!data?.enabled || data.list.length === 0)
    return <EmptyState text="该充值通道暂未开放，请选择其他渠道" />;
  const config = data.list.find((c) => c.configId === picked) ?? data.list[0]!;
  return (
    <>
      {data.list.length > 1 && (
        <RadioGroup
          aria-label="收款账户"
          value={config.configId}
          onChange={setPicked}
          className="mb-3 flex flex-wrap gap-2"
        >
          {data.list.map((c) => (
            <Radio
              key={c.configId}
              value={c.configId}
              as="button"
              type="button"
              className={({ checked }) =>
                `min-h-10 rounded-full px-4 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand ${checked ? 'bg-brand text-white' : 'bg-white text-gray-800 ring-1 ring-gray-300'}`
              }
            >
              {c.name}
            </Radio>
          ))}
        </RadioGroup>
      )}
      <ReceivingAccount config={config} channelName={channel.name} />
      <RechargeForm
        key={config.configId}
        channel={channel}
        config={config}
        payerNameRequired={payerNameRequired}
        userId={userId}
      />
    </>
  );
}
