/**
 * The type filter of /billRecord over the spec's groups of type codes (src/domain/txTypes.ts).
 * A group is sent as its codes, a single type as its code.
 */
import { TX_TYPE_GROUPS, type TxTypeGroup } from '../../../../domain/txTypes';

export type BillGroup = TxTypeGroup;
export const BILL_GROUPS = TX_TYPE_GROUPS;

/** The wire `typeCode` of a choice: undefined for all, a group's codes, or one code. */
export function typeCodeParam(groupKey: string, code: number | 0): string | undefined {
  if (code) return String(code);
  const group = BILL_GROUPS.find((g) => g.key === groupKey);
  return group ? group.codes.join(',') : undefined;
}

/** Where a row's amount went when it was not the main wallet. */
export const ACCOUNT_LABEL: Record<string, string> = {
  virtual_wallet: '虚拟钱包',
  withdraw_hold: '提现冻结',
  pledge_escrow: '质押',
  red_envelope_escrow: '红包',
};
