/**
 * The envelope dialogs (open, detail, my records, send) are a late chunk (ui/lateModule.ts): loaded
 * on the first tap that needs one, so the chat room's first load does not carry them.
 */
import { lateModule, useLateModule } from '../../ui/lateModule';

const dialogs = lateModule(() => import('./dialogs/EnvelopeDialogs'));

/** Loads the dialogs once; a failed load is forgotten so the next tap tries again. */
export const loadEnvelopeDialogs = () => dialogs.load();

/** The dialogs module when `wanted` and loaded; `onFail` closes the view if it cannot load. */
export function useEnvelopeDialogs(wanted: boolean, onFail: () => void) {
  return useLateModule(dialogs, wanted, onFail);
}
