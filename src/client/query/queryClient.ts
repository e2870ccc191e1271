/**
 * The one TanStack Query client of the app: every screen's server data (useQuery) and every form's
 * request (useMutation) go through it. Hooks are given it explicitly (`useQuery(options,
 * queryClient)`), so no provider wraps the app or a test's render.
 *
 * Defaults: an answer is stale at once (a mount shows the cached copy and asks again behind it, as
 * the screens did before), unwatched entries live five minutes, and a failed read is not retried by
 * the library: the request layer (api/request.ts) already retries a dropped connection for reads and
 * reports the rest as the envelope's code, which a retry would not change.
 */
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 0, gcTime: 5 * 60_000, retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
