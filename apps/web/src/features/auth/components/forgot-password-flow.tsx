import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResetPassword } from '../api/reset-password';
import { useSendResetCode } from '../api/send-reset-code';
import { useVerifyResetCode } from '../api/verify-reset-code';
import { AuthFlowFrame } from './auth-flow-frame';
import { EmailCodeStep } from './email-code-step';
import { NewPasswordStep } from './new-password-step';

/**
 * Forgot password (SPEC section 2): verify the email with a mailed code, then set a new
 * password with that code. The server signs every session out; the page returns to login.
 */
export interface ForgotPasswordFlowProps {
  onDone: (email: string) => void;
  onBack: () => void;
}

export function ForgotPasswordFlow({ onDone, onBack }: ForgotPasswordFlowProps) {
  const { t } = useTranslation();
  const [verified, setVerified] = useState<{ email: string; code: string }>();
  const [email, setEmail] = useState<string>();
  const sendCode = useSendResetCode();
  const verifyCode = useVerifyResetCode();
  const resetPassword = useResetPassword();

  return (
    <AuthFlowFrame
      title={t('login.forgot.title')}
      steps={[t('login.forgot.stepVerify'), t('login.forgot.stepPassword')]}
      current={verified ? 1 : 0}
      testId="forgot-flow"
      onBackToLogin={onBack}
      onPrevious={verified ? () => setVerified(undefined) : undefined}
    >
      {verified ? (
        <NewPasswordStep
          purpose="reset"
          email={verified.email}
          submitLabel={t('login.forgot.submit')}
          isSubmitting={resetPassword.isPending}
          onSubmit={(password, onFailure) =>
            resetPassword.mutate(
              { ...verified, password },
              { onSuccess: () => onDone(verified.email), onError: onFailure },
            )
          }
        />
      ) : (
        <EmailCodeStep
          purpose="reset"
          initialValues={email ? { email } : undefined}
          sendCode={sendCode}
          verifyCode={verifyCode}
          onVerified={(values) => {
            setEmail(values.email);
            setVerified(values);
          }}
        />
      )}
    </AuthFlowFrame>
  );
}
