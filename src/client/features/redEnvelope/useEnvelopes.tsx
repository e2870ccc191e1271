/**
 * A chat page's red envelopes: the cards' local states, the grab on tap (one pending at a time),
 * and the late dialogs (open, detail, my records, send) it shows. Guests get the register notice.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { ChatMessage } from '../chat/api';
import { confirmDialog, showToast } from '../../ui';
import { keys, queryClient } from '../../query';
import {
  markEnvelopeRead,
  snatchEnvelope,
  type OpenResult,
  type Place,
  type SnatchResult,
} from './api';
import {
  afterOpen,
  afterSnatch,
  EnvState,
  type EnvelopeLocal,
  type EnvelopePayload,
} from './payload';
import { loadEnvelopeDialogs, useEnvelopeDialogs } from './loadDialogs';
import type { EnvelopeHandlers } from './EnvelopeCard';

export const GUEST_ENVELOPE_MSG = '游客不能发红包，请先注册';
export const GUEST_GRAB_MSG = '游客不能抢红包，请先注册';

export type EnvelopeView =
  | { kind: 'open'; m: ChatMessage; p: EnvelopePayload; snatch: SnatchResult }
  | { kind: 'detail'; recordId: string }
  | { kind: 'records' }
  | { kind: 'send' };

export interface EnvelopeOptions {
  place: Place | null;
  myId: number | null;
  userName: string;
  /** a private chat: one envelope, ordinary */
  direct?: boolean;
  /** guests: the register target (a tap shows the notice instead) */
  guestRegister?: (() => void) | null;
  /** the sent envelope's message, to put in the list */
  onSent?(m: ChatMessage): void;
}

/** The guest notice: 注册 goes to the register page, 取消 closes. */
export async function guestNotice(text: string, register: () => void) {
  if (await confirmDialog(text, { okText: '注册', cancelText: '取消' })) register();
}

export function useEnvelopes({
  place,
  myId,
  userName,
  direct = false,
  guestRegister = null,
  onSent,
}: EnvelopeOptions) {
  const [local, setLocal] = useState<ReadonlyMap<string, EnvelopeLocal>>(() => new Map());
  const [pending, setPending] = useState<string | null>(null);
  const [view, setView] = useState<EnvelopeView | null>(null);
  const busy = useRef(false);
  const [, navigate] = useLocation();
  const mod = useEnvelopeDialogs(view !== null, () => setView(null));

  const note = useCallback((recordId: string, s: EnvelopeLocal) => {
    setLocal((prev) => new Map(prev).set(recordId, s));
    markEnvelopeRead(recordId, s.state).catch(() => {});
  }, []);

  const onTap = useCallback(
    async (m: ChatMessage, p: EnvelopePayload) => {
      if (guestRegister) {
        void guestNotice(GUEST_GRAB_MSG, guestRegister);
        return;
      }
      if (!place || busy.current) return; // opening is blocked while a request is pending
      // the sender of a private-chat envelope cannot open it: the detail shows who got it
      if (direct && myId !== null && m.userId === String(myId)) {
        setView({ kind: 'detail', recordId: p.recordId });
        return;
      }
      busy.current = true;
      setPending(p.recordId);
      void loadEnvelopeDialogs().catch(() => {});
      try {
        const snatch = await snatchEnvelope(p.recordId, place);
        const s = afterSnatch(snatch);
        note(p.recordId, s ?? { state: EnvState.AVAILABLE, isRead: true, amount: '' });
        setView({ kind: 'open', m, p, snatch });
      } catch (e) {
        showToast(e instanceof Error && e.message ? e.message : '操作失败');
      } finally {
        busy.current = false;
        setPending(null);
      }
    },
    [place, direct, myId, guestRegister, note],
  );

  const onOpened = useCallback(
    (recordId: string, r: OpenResult) => {
      note(recordId, afterOpen(r));
      if (r.state === 1) {
        void queryClient.invalidateQueries({ queryKey: keys.balance() });
        void queryClient.invalidateQueries({ queryKey: keys.redEnvelopes() });
      }
    },
    [note],
  );

  const openSend = useCallback(() => {
    if (guestRegister) {
      void guestNotice(GUEST_ENVELOPE_MSG, guestRegister);
      return;
    }
    setView({ kind: 'send' });
  }, [guestRegister]);

  const handlers: EnvelopeHandlers = useMemo(
    () => ({ local, pending, onTap: (m, p) => void onTap(m, p) }),
    [local, pending, onTap],
  );

  const ui =
    view && mod && place && myId !== null ? (
      <mod.EnvelopeDialogs
        view={view}
        place={place}
        myId={myId}
        userName={userName}
        direct={direct}
        onView={setView}
        onOpened={onOpened}
        onSent={(m) => {
          onSent?.(m);
          setView(null);
        }}
        onSettings={(path) => {
          setView(null);
          navigate(path);
        }}
      />
    ) : null;

  return { handlers, openSend, openRecords: () => setView({ kind: 'records' }), ui };
}
