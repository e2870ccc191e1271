/** "获取验证码" button with the 60 s countdown after a code was sent. */
import { useEffect, useState } from 'react';
import { Button } from '../../../ui';

export const RESEND_AFTER_SEC = 60;

export function CodeButton({ onSend }: { onSend(): Promise<boolean> }) {
  const [leftSec, setLeftSec] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (leftSec <= 0) return;
    const t = setTimeout(() => setLeftSec((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [leftSec]);
  return (
    <Button
      variant="secondary"
      className="shrink-0 whitespace-nowrap"
      loading={busy}
      disabled={leftSec > 0}
      onClick={async () => {
        setBusy(true);
        try {
          if (await onSend()) setLeftSec(RESEND_AFTER_SEC);
        } finally {
          setBusy(false);
        }
      }}
    >
      {leftSec > 0 ? `${leftSec}秒后重发` : '获取验证码'}
    </Button>
  );
}
