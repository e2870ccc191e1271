/** The late chunk of the chat's red envelopes: one of the open dialog, detail list, my records, send dialog. */
import type { ChatMessage } from '../../chat/api';
import type { OpenResult, Place } from '../api';
import type { EnvelopeView } from '../useEnvelopes';
import { OpenDialog } from './OpenDialog';
import { DetailSheet } from './DetailSheet';
import { RecordsSheet } from './RecordsSheet';
import { SendDialog } from './SendDialog';

export function EnvelopeDialogs({
  view,
  place,
  myId,
  userName,
  direct,
  onView,
  onOpened,
  onSent,
  onSettings,
}: {
  view: EnvelopeView;
  place: Place;
  myId: number;
  userName: string;
  direct: boolean;
  onView(v: EnvelopeView | null): void;
  onOpened(recordId: string, r: OpenResult): void;
  onSent(m: ChatMessage): void;
  onSettings(path: string): void;
}) {
  const close = () => onView(null);
  const roomCode = 'roomCode' in place ? place.roomCode : '';
  switch (view.kind) {
    case 'open':
      return (
        <OpenDialog
          p={view.p}
          senderName={view.m.nickname || view.snatch.senderName}
          senderAvatar={view.snatch.senderAvatar || view.m.avatar}
          snatch={view.snatch}
          place={place}
          onOpened={(r) => onOpened(view.p.recordId, r)}
          onDetail={() => onView({ kind: 'detail', recordId: view.p.recordId })}
          onClose={close}
        />
      );
    case 'detail':
      return (
        <DetailSheet
          recordId={view.recordId}
          roomCode={roomCode}
          onRecords={() => onView({ kind: 'records' })}
          onClose={close}
        />
      );
    case 'records':
      return (
        <RecordsSheet
          onDetail={(recordId) => onView({ kind: 'detail', recordId })}
          onClose={close}
        />
      );
    case 'send':
      return (
        <SendDialog
          place={place}
          myId={myId}
          userName={userName}
          direct={direct}
          onSent={onSent}
          onSettings={onSettings}
          onClose={close}
        />
      );
  }
}
