/** The one offline banner (api/network.ts: the browser's flag and what requests see) and the 发现新版本 prompt. */
import { useSignals } from '@preact/signals-react/runtime';
import { applyUpdate, updateReady } from '../../sw-register';
import { online } from '../../api/network';
import { showToast } from '../../ui';

export const OFFLINE_BANNER_MSG = '当前处于离线状态，部分功能不可用';

export function Banners() {
  useSignals();
  return (
    <div className="sticky top-0 z-40 mx-auto max-w-screen-sm">
      {!online.value && (
        <div
          role="status"
          data-testid="offline-banner"
          className="bg-gray-800 px-4 py-2 text-center text-sm text-white"
        >
          {OFFLINE_BANNER_MSG}
        </div>
      )}
      {updateReady.value && (
        <div
          role="status"
          className="flex items-center justify-between gap-3 bg-amber-100 px-4 py-2 text-sm text-amber-900"
        >
          <span>发现新版本</span>
          <button
            type="button"
            className="rounded-md bg-brand px-3 py-1 text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            onClick={() => {
              if (!applyUpdate()) showToast('请先完成当前操作后再更新');
            }}
          >
            立即更新
          </button>
        </div>
      )}
    </div>
  );
}
