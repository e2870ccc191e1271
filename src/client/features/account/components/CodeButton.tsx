/** "获取验证码" button with the 60 s countdown after a code was sent. */
import { useEffect, useState } from 'react';
import { Button } from '../../../ui';
import { useFormMutation } from '../../../query/useFormMutation';

export const RESEND_AFTER_SEC = 60;

export function CodeButton({ onSend }: { onSend(): Promise<boolean> }) {
  const [leftSec, setLeftSec] = useState(0);
  // onSend shows its own refusal and answers whether the code went out
  const send = useFormMutation({
    mutationFn: onSend,
    onSuccess: (sent) => {
      if (sent) setLeftSec(RESEND_AFTER_SEC);
    },
  });
  useEffect(() => {
    if (leftSec <= 0) return;
    const t = setTimeout(() => setLeftSec((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [leftSec]);
  return (
    <Button
      variant="secondary"
      className="shrink-0 whitespace-nowrap"
      loading={send.isPending}
      disabled={leftSec > 0}
      onClick={() => void send.submit()}
    >
      {leftSec > 0 ? `${leftSec}秒后重发` : '获取验证码'}
    </Button>
  );
}
