/** The actions of one message (long press, spec 001 §4): copy (text only), withdraw (own, or any for managers), mute (managers, not a manager). */
import { useState } from 'react';
import { Sheet } from '../../../ui/Sheet';
import type { ChatMessage } from '../api';
import { imagePayload } from '../messages';
import { MuteButtons } from './PlayerCard';
import { showToast } from '../../../ui';
import { GRADE_MANAGER } from '../../../../domain/chat/constants';
import { ENVELOPE_TYPE } from '../../redEnvelope/payload';

export function MessageMenu({
  m,
  mine,
  manager,
  roomCode,
  withdrawLabel = '撤回',
  onWithdraw,
  onClose,
}: {
  m: ChatMessage | null;
  mine: boolean;
  manager: boolean;
  roomCode: string | null;
  withdrawLabel?: string;
  onWithdraw(m: ChatMessage): Promise<void>;
  onClose(): void;
}) {
  const [muting, setMuting] = useState(false);
  const close = () => {
    setMuting(false);
    onClose();
  };
  const btn =
    'min-h-11 w-full rounded-lg px-3 text-left text-[15px] hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(m!.message);
      showToast('复制成功');
    } catch {
      showToast('复制失败，请长按文字复制');
    }
    close();
  };
  return (
    <Sheet open={m !== null} title="消息操作" onClose={close}>
      {m &&
        (muting && roomCode ? (
          <MuteButtons roomCode={roomCode} userId={m.userId} nickName={m.nickname} onDone={close} />
        ) : (
          <div className="flex flex-col">
            {!imagePayload(m) && m.messageTypeId !== ENVELOPE_TYPE && (
              <button type="button" className={btn} onClick={() => void copy()}>
                复制
              </button>
            )}
            {(mine || (manager && roomCode)) && (
              <button
                type="button"
                className={`${btn} text-red-700`}
                onClick={() => {
                  void onWithdraw(m).then(close);
                }}
              >
                {withdrawLabel}
              </button>
            )}
            {manager && roomCode && !mine && m.grade !== GRADE_MANAGER && (
              <button type="button" className={btn} onClick={() => setMuting(true)}>
                禁言
              </button>
            )}
          </div>
        ))}
    </Sheet>
  );
}
