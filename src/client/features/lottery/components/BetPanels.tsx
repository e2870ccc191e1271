/**
 * The betting page's sheets in one lazily loaded module: they need the dialog library, which the page
 * does not load before it is ready (BettingPage asks for this module on the first tap that opens one,
 * or once the page has settled).
 */
import { lazy, Suspense } from 'react';
import { LoadingState } from '../../../ui';
import { Sheet } from '../../../ui/Sheet';

export { ConfirmSheet, SlipSheet, SuccessSheet } from './BetSlip';
export { ChasePanel } from './ChasePanel';

// the long-dragon helper (records feature) loads only when the player opens it
const LongDragon = lazy(() => import('../../records/LongDragon').then((m) => ({ default: m.LongDragon })));

export function DragonSheet({ onClose }: { onClose(): void }) {
  return (
    <Sheet open title="长龙助手" onClose={onClose}>
      <Suspense fallback={<LoadingState />}><LongDragon popup /></Suspense>
    </Sheet>
  );
}
