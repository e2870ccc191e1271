/**
 * The betting page's sheets (components/BetPanels.tsx, which needs the dialog library) are a late
 * chunk (ui/lateModule.ts): loaded on the first tap that opens one, or ahead once the page has
 * settled, then rendered at once (the slip hands over to the chase panel without a gap).
 */
import { lateModule, useLateModule } from '../../../ui/lateModule';

const panels = lateModule(() => import('../components/BetPanels'));

/** Loads the sheets once; a failed load is forgotten so the next call tries again. */
export const loadPanels = () => panels.load();

/** The sheets module when `wanted` (a sheet is open) and loaded; `onFail` closes the sheet if it cannot load. */
export function usePanels(wanted: boolean, onFail: () => void) {
  return useLateModule(panels, wanted, onFail);
}
