/** The query layer: the app's one TanStack client (queryClient.ts), its hook, its keys, money refreshes, the answers kept for offline. */
export { queryClient } from './queryClient';
export type { QueryKey } from '@tanstack/react-query';
export { useQuery, type QueryResult, type UseQueryOptions } from './useQuery';
export { keys } from './keys';
export { invalidateAfterMoney, type MoneyAction } from './money';
export {
  forgetLastAnswers,
  heldAnswer,
  holdAnswer,
  pruneLastAnswers,
  withLastAnswer,
} from './lastAnswers';
