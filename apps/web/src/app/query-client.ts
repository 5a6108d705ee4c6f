import { QueryClient } from '@tanstack/react-query';
import { isApiError, REQUEST_FAILED_CODE } from '../shared/lib/api-error';

/**
 * One query client for the app. A call the server answered with a code is not retried (the
 * answer will not change); only a failed request is, once.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 1 && (!isApiError(error) || error.code === REQUEST_FAILED_CODE),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
