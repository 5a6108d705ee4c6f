import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callEndpoint } from '../../../shared/lib/http';
import { clearSession, readToken } from '../../../shared/lib/session';

/**
 * POST /front/admin/login-out (multipart) revokes the token. Logging out must work even when
 * the call fails (server down, token already dead): the session is dropped either way.
 *
 * The session is dropped first, and the call carries the token it had: from then on the HTTP
 * client sends nothing that needs the session (http.ts), so neither the live stream, which the
 * revocation closes and which then checks the session, nor a query refetched as the shell
 * unmounts, draws a 401 (issue 31: logout fired two).
 */
export function logout() {
  const token = readToken();
  clearSession();
  return callEndpoint('logout', {}, token ? { token } : {});
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onError: (error) => console.error('logout call failed; the session is dropped anyway', error),
    onSettled: async () => {
      clearSession();
      await queryClient.cancelQueries();
      await navigate('/login', { replace: true });
      queryClient.clear();
    },
  });
}
