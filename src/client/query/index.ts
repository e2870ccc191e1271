/** The query layer: one cache of server data (client.ts), its React hook, its keys, money refreshes, the answers kept for offline. */
export {
  QueryClient,
  queryClient,
  hashKey,
  type QueryKey,
  type QueryFunction,
  type QueryState,
} from './client';
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
