/**
 * The 红包提醒 switch: shows whether this device gets notifications (on, off, blocked by the
 * browser, unsupported) and turns them on or off. Permission is asked only when it is tapped. When
 * turning on fails, the switch stays off and says why under it until the next tap.
 */
import { useEffect, useState } from 'react';
import { showToast } from '../../ui';
import {
  PushError,
  readPushState,
  resyncSubscription,
  turnOff,
  turnOn,
  type PushState,
} from './subscription';
import { useFormMutation } from '../../query/useFormMutation';

const STATE_TEXT: Record<PushState, string> = {
  on: '已开启：新红包、@我和私聊会通知您',
  off: '未开启：开启后新红包会通知您',
  blocked: '通知已被浏览器阻止，请在浏览器设置中允许本站通知',
  unsupported: '当前浏览器不支持消息提醒（苹果手机请先添加到主屏幕）',
};

export function PushSwitch({ className = '' }: { className?: string }) {
  const [state, setState] = useState<PushState | null>(null);
  // a PushError (blocked, unsupported …) is said beside the switch; any other failure is a toast
  const toggling = useFormMutation({
    mutationFn: () => (state === 'on' ? turnOff() : turnOn()),
    onSuccess: (next) => {
      const wasOn = state === 'on';
      setState(next);
      if (next === 'on') showToast('已开启红包提醒');
      else if (wasOn) showToast('已关闭红包提醒');
    },
    onError: async (e) => {
      if (!(e instanceof PushError)) showToast(e.message || '操作失败');
      setState(await readPushState().catch(() => state));
    },
  });
  const busy = toggling.isPending;
  const failure = toggling.error instanceof PushError ? toggling.error.message : null;

  useEffect(() => {
    let live = true;
    // no prompt here: only reads the state (and re-tells the server about an existing subscription)
    resyncSubscription()
      .catch(() => readPushState())
      .then(
        (s) => {
          if (live) setState(s);
        },
        () => {},
      );
    return () => {
      live = false;
    };
  }, []);

  const on = state === 'on';
  const usable = state === 'on' || state === 'off';
  const toggle = async () => {
    if (busy || !usable) return;
    await toggling.submit();
  };

  return (
    <div className={`flex items-center justify-between gap-3 ${className}`}>
      <div className="min-w-0">
        <span id="push-switch-label" className="text-sm font-medium text-gray-900">
          红包提醒
        </span>
        <p
          className="text-xs text-gray-600"
          aria-live="polite"
          data-push-state={state ?? 'loading'}
        >
          {state ? STATE_TEXT[state] : '正在读取…'}
        </p>
        {failure && (
          <p role="alert" className="text-xs text-red-700">
            {failure}
          </p>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby="push-switch-label"
        disabled={!usable || busy}
        onClick={() => void toggle()}
        className={`relative h-7 w-12 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60 ${on ? 'bg-brand' : 'bg-gray-300'}`}
      >
        <span
          aria-hidden="true"
          className={`absolute top-0.5 h-6 w-6 rounded-full bg-white shadow transition-all ${on ? 'left-5.5' : 'left-0.5'}`}
        />
      </button>
    </div>
  );
}
