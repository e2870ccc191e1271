/**
 * The one TanStack Query client of the app: every screen's server data (useQuery) and every form's
 * request (useMutation) go through it. Hooks are given it explicitly (`useQuery(options,
 * queryClient)`), so no provider wraps the app or a test's render.
 *
 * Defaults: an answer is stale at once (a mount shows the cached copy and asks again behind it, as
 * the screens did before), unwatched entries live five minutes, and a failed request is not retried by
 * the library, as before: a refusal's code would not change on a retry, a dropped connection is
 * shown with the screen's 重试, and a money action is repeated only with its same request id.
 */
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 0, gcTime: 5 * 60_000, retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
