import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callEndpoint } from '../../../shared/lib/http';
import { clearSession } from '../../../shared/lib/session';

/**
 * POST /front/admin/login-out (multipart) revokes the token. Logging out must work even when
 * the call fails (server down, token already dead): the session is dropped either way.
 */
export function logout() {
  return callEndpoint('logout', {});
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onError: (error) => console.error('logout call failed; the session is dropped anyway', error),
    onSettled: async () => {
      clearSession();
      await navigate('/login', { replace: true });
      queryClient.clear();
    },
  });
}
