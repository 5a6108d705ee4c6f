import type { TFunction } from 'i18next';

/**
 * A withdrawal's reason as the merchant reads it: a rejection's reason is the operator's own
 * words, shown as written; a failure's is the chain's code (`reverted`), shown in the page's
 * language.
 */
export function withdrawalReasonText(t: TFunction, status: string, reason: string | null): string | null {
  if (status === 'failed' && reason === 'reverted') return t('common.withdrawalReason.reverted');
  return reason;
}
