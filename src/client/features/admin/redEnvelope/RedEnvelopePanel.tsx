/** The operator's red envelopes: limits per grade, the envelope list with receipts, room-wide system envelopes. */
import { useState } from 'react';
import { Tabs } from '../../../ui/Tabs';
import { RedEnvelopeLimits } from './RedEnvelopeLimits';
import { RedEnvelopeList } from './RedEnvelopeList';
import { SystemEnvelopeForm } from './SystemEnvelopeForm';

type Part = 'list' | 'limits' | 'system';
const OPTIONS = [
  { value: 'list', label: '红包列表' },
  { value: 'limits', label: '限额设置' },
  { value: 'system', label: '系统红包' },
] as const;

export function RedEnvelopePanel() {
  const [part, setPart] = useState<Part>('list');
  return (
    <Tabs<Part>
      label="红包管理"
      value={part}
      options={OPTIONS}
      onChange={setPart}
      className="mb-3"
      panel={(p) =>
        p === 'list' ? (
          <RedEnvelopeList />
        ) : p === 'limits' ? (
          <RedEnvelopeLimits />
        ) : (
          <SystemEnvelopeForm />
        )
      }
    />
  );
}
