/** Calls of the bill records and the money side of the day's profit and loss (docs/bill-records.md). */
import { request } from '../../../api/request';

/** The player's account a row's sign refers to: the main wallet unless the main wallet was not touched. */
export type BillAccount =
  | 'main'
  | 'virtual_wallet'
  | 'withdraw_hold'
  | 'pledge_escrow'
  | 'red_envelope_escrow'
  | null;

export interface BillRow {
  id: number;
  typeCode: number;
  typeName: string;
  /** signed yuan: '+' arrived, '-' left */
  amount: string;
  account: BillAccount;
  /** the main wallet's balance after the movement */
  balanceAfter: string | null;
  remark: string;
  createdAt: number;
}

export interface BillSummary {
  startDate: string;
  endDate: string;
  income: string;
  expense: string;
  net: string;
}

export interface BillQuery {
  typeCode?: string;
  startDate: string;
  endDate: string;
  page: number;
  pageSize: number;
}

export interface ProfitLoss {
  date: string;
  rechargeAmount: string;
  withdrawAmount: string;
  betAmount: string;
  pendingBetAmount: string;
  prizeAmount: string;
  rebateAmount: string;
  activityAmount: string;
  redEnvelopeAmount: string;
  walletIncome: string;
  otherAmount: string;
  profit: string;
}

const inline = { inline: true } as const;

export const getBills = (q: BillQuery) =>
  request<{ list: BillRow[]; total: number; summary: BillSummary }>(
    'GET',
    '/v1/transaction/getTransactionRecordsFront',
    { ...q },
    inline,
  );

export const getProfitLoss = (date?: string) =>
  request<ProfitLoss>('GET', '/v1/report/userReport/profitLoss', { date }, inline);
