/** 长龙助手 in a sheet (the betting page's 长龙, the chat room's footer); the helper itself loads when opened. */
import { lazy, Suspense } from 'react';
import { LoadingState } from '../../ui';
import { Sheet } from '../../ui/Sheet';

const LongDragon = lazy(() => import('./LongDragon').then((m) => ({ default: m.LongDragon })));

export function DragonSheet({ onClose }: { onClose(): void }) {
  return (
    <Sheet open title="长龙助手" onClose={onClose}>
      <Suspense fallback={<LoadingState />}>
        <LongDragon popup />
      </Suspense>
    </Sheet>
  );
}
