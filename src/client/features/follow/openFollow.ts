/**
 * The one way into the follow (push-bet, 跟投) dialog, for the shared-bet card and the push-plan card
 * (contract: /work/notes/share-contract.md, docs/follow-betting.md). A guest gets the register notice
 * (注册 / 取消); a member gets the dialog, loaded as its own chunk on the first tap and mounted in its own
 * root, so a card needs no host component. One dialog at a time: opening another replaces it.
 */
import { navigate } from 'wouter/use-browser-location';
import { FOLLOW_MSG, type FollowEntry } from '../../../domain/follow';
import { currentUser } from '../../state/session';
import { confirmDialog, showAlert } from '../../ui';

export type { FollowEntry };

export interface FollowInput {
  source: 'share' | 'plan';
  lotteryCode: string;
  lotteryName: string;
  /** the issue the entries were shared (or planned) for */
  issue: string;
  entries: FollowEntry[];
}

export const REGISTER_PATH = '/register';
const LOAD_FAILED = '页面加载失败，请检查网络后重试';

/** Loads the dialog's chunk (a card may ask ahead, e.g. when it is shown). */
export const loadFollowDialog = () => import('./FollowDialog');

/**
 * Opens the dialog for `input`; resolves when it has closed (at once for a guest after the notice, or
 * when the dialog's code cannot be loaded, which is said).
 */
export async function openFollowDialog(input: FollowInput): Promise<void> {
  if (!currentUser.value) {
    if (await confirmDialog(FOLLOW_MSG.guest, { okText: '注册', cancelText: '取消' }))
      navigate(REGISTER_PATH);
    return;
  }
  let mod: Awaited<ReturnType<typeof loadFollowDialog>>;
  try {
    mod = await loadFollowDialog();
  } catch {
    await showAlert(LOAD_FAILED);
    return;
  }
  await mod.mountFollowDialog(input);
}
