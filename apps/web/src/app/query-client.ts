/** TanStack Query: every failed query or mutation goes through the one error handler. */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleApiError, type ErrorHandlingDeps } from '../api/handle-error.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** Set `customErrorHandler: true` to handle errors in the caller instead. */
    queryMeta: { customErrorHandler?: boolean };
    mutationMeta: { customErrorHandler?: boolean };
  }
}

export function createQueryClient(deps: () => ErrorHandlingDeps): QueryClient {
  return new QueryClient({
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
