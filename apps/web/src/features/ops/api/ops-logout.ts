import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callEndpoint } from '../../../shared/lib/http';
import { clearOpsSession, OPS_LOGIN_PATH, readOpsToken } from '../../../shared/lib/ops-session';
import { opsKeys } from './ops-keys';

/** POST /front/ops/logout revokes the operator token; the session is dropped even if the call fails. */
export function useOpsLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    // Dropped first, the call carrying the token it had: nothing sent after needs it (http.ts).
    mutationFn: () => {
      const token = readOpsToken();
      clearOpsSession();
      return callEndpoint('opsLogout', {}, token ? { token } : {});
    },
    onError: (error) => console.error('ops logout call failed; the session is dropped anyway', error),
    onSettled: async () => {
      clearOpsSession();
      await navigate(OPS_LOGIN_PATH, { replace: true });
      queryClient.removeQueries({ queryKey: opsKeys.all });
    },
  });
}
