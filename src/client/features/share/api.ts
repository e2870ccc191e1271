/** The share calls (docs/sharing.md): the rooms for the dialog (11 a page) and the multi-target share. */
import { request } from '../../api/request';
import { SHARE_ROOM_PAGE_SIZE } from '../../../domain/share/targets';
import type { RoomItem } from '../chat/api';

export interface ShareOutcome {
  roomCode?: string;
  roomId?: number;
  ok: boolean;
  msg: string;
  messageId?: number;
}
/** what is shared: bets by id (type 7) or one Beijing day's record (type 9) */
export type ShareWhat = { kind: 'bets'; orderIds: number[] } | { kind: 'record'; date: string };

export const shareRooms = (pageNum: number) =>
  request<{ list: RoomItem[]; total: number }>(
    'GET',
    '/v1/chat/getRoomList',
    { pageNum, pageSize: SHARE_ROOM_PAGE_SIZE },
    { inline: true },
  );

export function shareMessage(what: ShareWhat, roomCodes: string[], roomIds: number[]) {
  const messageTypeId = what.kind === 'bets' ? 7 : 9;
  const message = JSON.stringify(
    what.kind === 'bets' ? { orderIds: what.orderIds } : { date: what.date },
  );
  return request<{ sent: number; results: ShareOutcome[] }>(
    'POST',
    '/v1/chat/shareMessage',
    { roomCodes: roomCodes.join(','), roomIds: roomIds.join(','), messageTypeId, message },
    { inline: true },
  );
}
