import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';

/**
 * Whether Google Authenticator is bound (merchant info's googleState): the secret prompt asks
 * for its code then. Same key as the merchant feature's info query (['merchant', 'info']), so
 * the shell's copy is reused and an account change refreshes it here too.
 */
export function useGoogleBound(): boolean | undefined {
  const { data } = useQuery({
    queryKey: ['merchant', 'info'],
    queryFn: ({ signal }) => callEndpoint('merchantInfo', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
  return data?.googleState;
}
