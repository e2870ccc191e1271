/**
 * 客服选单 (spec 001 section 2): the operator's service lines and a 取消 button. The caller shows it
 * only once the list is known to hold a line; an empty list is the toast 当前没有匹配的客服线路.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { tenantConfig } from '../../state/tenant';
import type { PlayerServiceLine } from './api';
import { openServiceLine } from './openService';

export function ServicePicker({
  lines,
  onClose,
  onPicked,
}: {
  lines: PlayerServiceLine[];
  onClose(): void;
  onPicked?(): void;
}) {
  const [, navigate] = useLocation();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    first.current?.focus();
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopImmediatePropagation();
        onClose();
      }
    };
    // capture: the panel underneath must not close with the same key
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [onClose]);
  const pick = (l: PlayerServiceLine) => {
    onClose();
    onPicked?.();
    openServiceLine(l, navigate, tenantConfig.value);
  };
  return (
    <div className="fixed inset-0 z-[60] flex items-end justify-center sm:items-center">
      <button
        type="button"
        tabIndex={-1}
        aria-label="关闭客服选单"
        onClick={onClose}
        className="absolute inset-0 cursor-default bg-black/40"
      />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="service-picker-title"
        className="relative w-full max-w-sm rounded-t-2xl bg-white p-4 shadow-xl sm:rounded-2xl"
      >
        <h2
          id="service-picker-title"
          className="mb-3 text-center text-base font-semibold text-gray-900"
        >
          客服选单
        </h2>
        <ul className="space-y-2">
          {lines.map((l, i) => (
            <li key={`${l.sort}-${l.name}-${l.linkUrl}-${l.htmlPath}`}>
              <button
                ref={i === 0 ? first : undefined}
                type="button"
                onClick={() => pick(l)}
                className="min-h-11 w-full rounded-lg border border-gray-200 px-4 py-2 text-left text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand"
              >
                {l.name}
                <span className="sr-only">{l.linkType === 1 ? '（在新窗口打开）' : ''}</span>
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={onClose}
          className="mt-3 min-h-11 w-full rounded-lg bg-gray-100 py-2 text-gray-800 focus-visible:outline-2 focus-visible:outline-brand"
        >
          取消
        </button>
      </div>
    </div>
  );
}
