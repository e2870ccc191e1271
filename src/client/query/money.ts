/**
 * After money moves, what shows it is asked again: the balance always, and the records each kind of
 * action writes to. Screens on view refresh at once; cached copies of hidden ones are dropped, not
 * only marked stale as TanStack's invalidateQueries leaves them: a records page opened after a bet
 * must not show the list from before it, even for the moment its fresh copy is on its way.
 */
import type { QueryKey } from '@tanstack/react-query';
import { queryClient } from './queryClient';
import { keys } from './keys';
import { parseYuanToFen } from '../../domain/money';

export type MoneyAction =
  | 'bet'
  | 'chase'
  | 'dragon'
  | 'recharge'
  | 'withdraw'
  | 'wallet'
  | 'settlement'
  | 'envelope'
  | 'activityEnvelope'
  | 'activity';

const AFFECTED: Record<MoneyAction, () => QueryKey[]> = {
  bet: () => [keys.betRecords(), keys.bill(), keys.profitLoss()],
  chase: () => [keys.chaseRecords(), keys.betRecords(), keys.bill(), keys.profitLoss()],
  dragon: () => [keys.betRecords(), keys.bill(), keys.profitLoss()],
  recharge: () => [keys.rechargeOrders(), keys.bill()],
  withdraw: () => [keys.withdrawRecords(), keys.withdrawForm(), keys.bill()],
  wallet: () => [keys.walletInfo(), keys.pledgeOrders(), keys.walletFlows(), keys.bill()],
  /** a chat red envelope was sent (the balance, the statement, my envelope records) */
  envelope: () => [keys.redEnvelopes(), keys.bill()],
  /** a draw was settled: wins paid, chases continued or stopped */
  settlement: () => [keys.betRecords(), keys.chaseRecords(), keys.bill(), keys.profitLoss()],
  /** an activity red envelope claimed (type 206) */
  activityEnvelope: () => [keys.activityEnvelopes(), keys.bill(), keys.profitLoss()],
  /** a promotion claimed or a check-in signed (types 209, 210, 214, 215) */
  activity: () => [keys.activities(), keys.bill(), keys.profitLoss()],
};

/**
 * `balance`: the balance the action's answer carried (yuan text), put in the cache instead of asking
 * the server again; without it the balance is asked again.
 */
export function invalidateAfterMoney(kind: MoneyAction, balance?: string): Promise<void> {
  const known = balance !== undefined && noteBalance(balance);
  return Promise.all([...(known ? [] : [keys.balance()]), ...AFFECTED[kind]()].map(refresh)).then(
    () => {},
  );
}

/** Entries under `queryKey` that no screen watches are dropped; those watched are fetched again. */
function refresh(queryKey: QueryKey): Promise<void> {
  queryClient.removeQueries({ queryKey, predicate: (q) => q.getObserversCount() === 0 });
  return queryClient.invalidateQueries({ queryKey });
}

/**
 * The balance a money action's answer carries (yuan text), put in the cache so every screen shows it at
 * once. false (and the balance asked again) when the text is not an amount.
 */
function noteBalance(balance: string): boolean {
  const balanceFen = parseYuanToFen(balance, { allowNegative: true });
  if (balanceFen === null) {
    void refresh(keys.balance());
    return false;
  }
  queryClient.setQueryData(keys.balance(), { balance, balanceFen });
  return true;
}
