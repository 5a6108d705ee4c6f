import { type MutationFunction, useMutation, useQueryClient } from '@tanstack/react-query';
import { merchantKeys } from './merchant-keys';

/**
 * A change to the account (password, Google, phone): on success every merchant query is
 * refetched (merchant info and its googleState in the header, the profile, the Google check,
 * the login history), so no view keeps showing the state from before.
 */
export function useAccountMutation<TData, TVariables>(mutationFn: MutationFunction<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKeys.all }),
  });
}
