import { ErrorCode } from '@tollgate/contracts/errors';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-error';
import { startCountdown, useCountdown } from '../lib/use-countdown';

/**
 * "Send code", then "Resend in 59 s" until the countdown ends. `onSend` validates and sends;
 * the countdown starts only when it resolves, so a refused send (bad email, server down) can be
 * retried at once; a "sent too often" (1110) counts down the wait the server gives instead. It may resolve with the key of what it actually sent to (the validated
 * email), which then counts down even if the shown key had not caught up with the input yet.
 * The caller shows the send error where its form is.
 */
export interface SendCodeButtonProps {
  /** What is being sent and to whom (`login:a@b.co`): the countdown is kept per key. */
  countdownKey: string;
  onSend: () => Promise<unknown>;
  disabled?: boolean;
  size?: 'small' | 'middle' | 'large';
  testId?: string;
}

/** The seconds a "sent too often" refusal (1110) says to wait, if it says. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!isApiError(error) || error.code !== ErrorCode.CODE_SEND_TOO_OFTEN) return undefined;
  const seconds = (error.data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : undefined;
}

export function SendCodeButton({ countdownKey, onSend, disabled, size, testId }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const { remaining, isCounting } = useCountdown(countdownKey);
  const [isSending, setIsSending] = useState(false);

  const send = async () => {
    setIsSending(true);
    try {
      const sentKey = await onSend();
      startCountdown(typeof sentKey === 'string' ? sentKey : countdownKey);
    } catch (error) {
      // Validation or the server refused: nothing was sent, so no countdown, unless the server
      // said how long to wait (1110, sent too often): the button then counts that down.
      const wait = retryAfterSeconds(error);
      if (wait !== undefined) startCountdown(countdownKey, wait);
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Button
      onClick={() => void send()}
      loading={isSending}
      disabled={disabled || isCounting}
      size={size}
      style={{ minWidth: 120, flexShrink: 0 }}
      data-testid={testId}
    >
      {isCounting ? t('common.code.resendIn', { seconds: remaining }) : t('common.code.send')}
    </Button>
  );
}
