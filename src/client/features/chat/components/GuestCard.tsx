/**
 * A guest's card in a room (guest chat, spec 001 §6): guests have no player profile, so a room's
 * manager sees the guest's masked name and the mute durations for its guest id (`g<id>`); the
 * manager withdraws its messages from the message menu as anyone's.
 */
import { Sheet } from '../../../ui/Sheet';
import type { ChatMessage } from '../api';
import { Avatar } from './MessageItem';
import { MuteButtons } from './PlayerCard';

export function GuestCard({
  guest,
  roomCode,
  onClose,
}: {
  guest: ChatMessage | null;
  roomCode: string;
  onClose(): void;
}) {
  return (
    <Sheet open={guest !== null} title="游客" onClose={onClose}>
      {guest && (
        <div className="space-y-4">
          <div className="flex items-center gap-3">
            <Avatar src="" name={guest.nickname} size={56} />
            <p className="text-sm text-gray-900">
              {guest.nickname}
              <span className="ml-2 text-gray-500">游客（未注册）</span>
            </p>
          </div>
          <MuteButtons
            roomCode={roomCode}
            userId={guest.userId}
            nickName={guest.nickname}
            onDone={onClose}
          />
        </div>
      )}
    </Sheet>
  );
}
