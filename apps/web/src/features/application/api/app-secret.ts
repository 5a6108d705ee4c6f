import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppSecretBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { applicationKeys } from './application-keys';

/**
 * POST /front/app/secret and /front/app/secret/reset (JSON): the password, and the Google
 * code when it is bound. A reset changes the masked secret on the card: the list refetches.
 */
export function revealAppSecret(body: AppSecretBody) {
  return callEndpoint('appSecret', body);
}

export function resetAppSecret(body: AppSecretBody) {
  return callEndpoint('appSecretReset', body);
}

export function useRevealAppSecret() {
  return useMutation({ mutationFn: revealAppSecret });
}

export function useResetAppSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetAppSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}
