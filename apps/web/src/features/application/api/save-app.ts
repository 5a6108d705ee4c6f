import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAppBody, UpdateAppBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { applicationKeys } from './application-keys';

/** POST /front/app/create and /front/app/update (JSON); the cards refetch after either. */
export function createApp(body: CreateAppBody) {
  return callEndpoint('appCreate', body);
}

export function updateApp(body: UpdateAppBody) {
  return callEndpoint('appUpdate', body);
}

export function useCreateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}

export function useUpdateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}
