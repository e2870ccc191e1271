/** One labelled value of a receiving account with a 复制 button; copyText (clipboard API, with a plain fallback) serves other features too. */
import { showToast } from './overlay';

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    let done = false;
    try {
      done = document.execCommand('copy');
    } catch {
      done = false;
    }
    area.remove();
    return done;
  }
}

export function CopyRow({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <div className="flex items-center justify-between gap-2 border-b border-gray-100 py-2 last:border-0">
      <dt className="shrink-0 text-sm text-gray-600">{label}</dt>
      <dd className="min-w-0 flex-1 break-all text-right text-sm font-medium text-gray-900">
        {value}
      </dd>
      <button
        type="button"
        aria-label={`复制${label}`}
        onClick={() =>
          void copyText(value).then((ok) =>
            showToast(ok ? `${label}已复制` : '复制失败，请长按手动复制'),
          )
        }
        className="min-h-9 shrink-0 rounded-md px-2 text-sm text-brand ring-1 ring-brand/40 hover:bg-brand/5 focus-visible:outline-2 focus-visible:outline-brand"
      >
        复制
      </button>
    </div>
  );
}
