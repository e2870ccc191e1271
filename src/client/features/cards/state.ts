/**
 * Edit permits of bank cards, in memory only: /verifyBankCard stores the permit that
 * safetyCheckBankCard returned, /setBankcard/:cardId uses it once. A reload forgets it and the
 * player verifies again (the permit is worth a card edit: it is not persisted anywhere).
 */
import { signal } from '@preact/signals-react';

export interface EditPermit {
  cardId: number;
  verifyToken: string;
  expiresAtMs: number;
}
export const editPermit = signal<EditPermit | null>(null);

export function takePermit(cardId: number): EditPermit | null {
  const p = editPermit.value;
  return p && p.cardId === cardId && p.expiresAtMs > Date.now() ? p : null;
}

/** Where a player without a safety password is sent first (the account feature's set-up flow). */
export const SET_SAFETY_PASSWORD_PATH = '/findSecurityPassword';
