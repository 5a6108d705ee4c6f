import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';
import { readToken } from '../../../shared/lib/session';

/**
 * POST /front/otc/merchant-sys/check/login (multipart): whether the token this browser holds
 * is still valid. The login page asks once when it finds a token, and skips the form if so.
 */
export const authKeys = {
  all: ['auth'] as const,
  checkLogin: (token: string | undefined) => [...authKeys.all, 'checkLogin', token ?? ''] as const,
};

export function checkLogin(signal?: AbortSignal) {
  return callEndpoint('checkLogin', {}, signal ? { signal } : {});
}

export function useCheckLogin() {
  const token = readToken();
  return useQuery({
    queryKey: authKeys.checkLogin(token),
    queryFn: ({ signal }) => checkLogin(signal),
    enabled: token !== undefined,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
