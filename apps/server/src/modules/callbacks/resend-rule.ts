import { ErrorCode, type ErrorCodeValue, type ResendBlock } from '@tollgate/contracts';

/**
 * What "resend notification" needs, in the order the resend call checks it: somewhere to send
 * (the order's own callback URL, else its application's), then a notification to send (the
 * order's latest event). The order detail reports the same answer, so the back office disables
 * the button exactly when the call would refuse.
 */
export interface ResendFacts {
  callbackUrl: string | null;
  appCallbackUrl: string | null;
  hasEvent: boolean;
}

export function findResendBlock(facts: ResendFacts): ResendBlock | null {
  if (!facts.callbackUrl && !facts.appCallbackUrl) return 'no_callback_url';
  if (!facts.hasEvent) return 'no_event';
  return null;
}

export const RESEND_BLOCK_CODE: Record<ResendBlock, ErrorCodeValue> = {
  no_callback_url: ErrorCode.CALLBACK_URL_MISSING,
  no_event: ErrorCode.CALLBACK_NOTHING_TO_RESEND,
};
