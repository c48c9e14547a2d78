/**
 * TanStack Query: every failed query or mutation goes through the one error handler, and a change
 * made while a screen's first read is on its way is shown (AppQueryClient).
 */
import {
  MutationCache,
  QueryCache,
  QueryClient,
  type InvalidateOptions,
  type InvalidateQueryFilters,
} from '@tanstack/react-query';
import { handleApiError, type ErrorHandlingDeps } from '../api/handle-error.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** Set `customErrorHandler: true` to handle errors in the caller instead. */
    queryMeta: { customErrorHandler?: boolean };
    mutationMeta: { customErrorHandler?: boolean };
  }
}

/**
 * After a change the app invalidates what it changed, and TanStack Query reads it again. But a
 * query that has no data yet (its first read is still on its way) is not read again: the
 * invalidation joins the read in flight, which was asked before the change and may not show it
 * (a member who acts before the screen has loaded would not see what they did). Here such a query
 * is read once more when that first read is back. Nothing is cancelled, so a caller waiting on the
 * first read (a loader's `ensureQueryData`) still gets its answer.
 */
export class AppQueryClient extends QueryClient {
  override async invalidateQueries(
    filters?: InvalidateQueryFilters,
    options?: InvalidateOptions,
  ): Promise<void> {
    const joined = this.getQueryCache()
      .findAll(filters)
      .filter((query) => query.state.data === undefined && query.state.fetchStatus === 'fetching');
    await super.invalidateQueries(filters, options);
    const type = filters?.refetchType ?? 'active';
    if (joined.length === 0 || type === 'none') return;
    // A first read that failed has been reported already; it is not asked again here.
    await Promise.all(
      joined
        .filter((query) => query.state.status === 'success')
        .map((query) =>
          this.refetchQueries(
            { queryKey: query.queryKey, exact: true, type },
            { cancelRefetch: false },
          ),
        ),
    );
  }
}

export function createQueryClient(deps: () => ErrorHandlingDeps): QueryClient {
  return new AppQueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.customErrorHandler) handleApiError(error, deps());
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.customErrorHandler) handleApiError(error, deps());
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}
