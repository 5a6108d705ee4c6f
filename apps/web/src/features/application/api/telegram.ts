import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';
import { applicationKeys } from './application-keys';

/**
 * Telegram alerts (issue 9): whether the server has a bot and which applications have a chat
 * bound (POST /front/app/telegram/status), a one-time deep link (connect), unbinding
 * (disconnect). While a connect link is open the status is read every 3 s, so the card turns
 * to "connected" as soon as the merchant presses Start in Telegram.
 */
export function useTelegramStatus(options: { isWaitingForChat?: boolean } = {}) {
  return useQuery({
    queryKey: applicationKeys.telegram(),
    queryFn: ({ signal }) => callEndpoint('telegramStatus', {}, { signal }),
    staleTime: 30_000,
    refetchInterval: options.isWaitingForChat ? 3_000 : false,
  });
}

export function useTelegramConnect() {
  return useMutation({ mutationFn: (appId: string) => callEndpoint('telegramConnect', { appId }) });
}

export function useTelegramDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appId: string) => callEndpoint('telegramDisconnect', { appId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKeys.telegram() }),
  });
}
