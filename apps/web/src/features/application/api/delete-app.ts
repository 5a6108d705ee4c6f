import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';
import { applicationKeys } from './application-keys';

/** POST /front/app/delete (JSON): the application leaves the list and the API; its orders stay. */
export function deleteApp(appId: string) {
  return callEndpoint('appDelete', { appId });
}

export function useDeleteApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}
