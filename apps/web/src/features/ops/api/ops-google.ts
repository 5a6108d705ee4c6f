import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpsGoogleBindBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { opsKeys } from './ops-keys';

/** GET /front/ops/google/check: while unbound, the secret to bind and its otpauth:// URL. */
export function useOpsGoogleCheck(isEnabled = true) {
  return useQuery({
    queryKey: opsKeys.googleCheck(),
    queryFn: ({ signal }) => callEndpoint('opsGoogleCheck', undefined, { signal }),
    enabled: isEnabled,
  });
}

/** POST /front/ops/google/bind (JSON): the password and a current code; the operator is read again. */
export function useBindOpsGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpsGoogleBindBody) => callEndpoint('opsGoogleBind', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opsKeys.me() }),
        queryClient.invalidateQueries({ queryKey: opsKeys.googleCheck() }),
      ]),
  });
}
