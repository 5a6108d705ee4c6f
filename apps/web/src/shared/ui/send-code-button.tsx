import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startCountdown, useCountdown } from '../lib/use-countdown';

/**
 * "Send code", then "Resend in 59 s" until the countdown ends. `onSend` validates and sends;
 * the countdown starts only when it resolves, so a refused send (bad email, rate limit) can be
 * retried at once. It may resolve with the key of what it actually sent to (the validated
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

export function SendCodeButton({ countdownKey, onSend, disabled, size, testId }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const { remaining, isCounting } = useCountdown(countdownKey);
  const [isSending, setIsSending] = useState(false);

  const send = async () => {
    setIsSending(true);
    try {
      const sentKey = await onSend();
      startCountdown(typeof sentKey === 'string' ? sentKey : countdownKey);
    } catch {
      // Validation or the server refused: nothing was sent, so no countdown.
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
