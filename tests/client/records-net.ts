/**
 * Fetch-level fakes for the records screens: the shared network of net-fixtures.ts, with the lottery
 * list answered unless a test answers it itself.
 */
import type { LotteryItem } from '../../src/client/features/lottery/api';
import { ok, stubNetwork as stubFetch, type Handler } from './net-fixtures';

export {
  type Call,
  type Envelope,
  type Handler,
  calls,
  callsTo,
  drop,
  ok,
  refuse,
  USER,
} from './net-fixtures';

export const LOTTERIES: LotteryItem[] = [
  {
    lotteryCode: '1008',
    lotteryName: '鸿运分分彩',
    family: 'SSC',
    source: 'self',
    intervalSec: 60,
    closeLeadSec: 5,
    enabled: true,
    sort: 1,
  },
  {
    lotteryCode: '1407',
    lotteryName: '鸿运快三',
    family: 'K3',
    source: 'self',
    intervalSec: 60,
    closeLeadSec: 5,
    enabled: true,
    sort: 2,
  },
];

export function stubNetwork(handlers: Record<string, Handler>): void {
  stubFetch(handlers, {
    '/v1/management/content/lotteryConfig': () => ok({ lotteryList: LOTTERIES }),
  });
}
