import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterByEmail } from '../api/register-by-email';
import { useSendRegisterCode } from '../api/send-register-code';
import { useVerifyRegisterCode } from '../api/verify-register-code';
import { AuthFlowFrame } from './auth-flow-frame';
import { EmailCodeStep } from './email-code-step';
import { NewPasswordStep } from './new-password-step';

/**
 * Registration (SPEC section 2, issue 3): verify the email with a mailed code, then choose the
 * password, which creates the account; login then opens with the email filled in.
 */
export interface RegisterFlowProps {
  onDone: (email: string) => void;
  onBack: () => void;
}

export function RegisterFlow({ onDone, onBack }: RegisterFlowProps) {
  const { t } = useTranslation();
  const [verified, setVerified] = useState<{ email: string; code: string }>();
  const [email, setEmail] = useState<string>();
  const sendCode = useSendRegisterCode();
  const verifyCode = useVerifyRegisterCode();
  const register = useRegisterByEmail();

  return (
    <AuthFlowFrame
      title={t('login.register.title')}
      steps={[t('login.register.stepVerify'), t('login.register.stepPassword')]}
      current={verified ? 1 : 0}
      testId="register-flow"
      onBackToLogin={onBack}
      onPrevious={verified ? () => setVerified(undefined) : undefined}
    >
      {verified ? (
        <NewPasswordStep
          purpose="register"
          email={verified.email}
          submitLabel={t('login.register.submit')}
          isSubmitting={register.isPending}
          onSubmit={(password, onFailure) =>
            register.mutate(
              { ...verified, password },
              { onSuccess: () => onDone(verified.email), onError: onFailure },
            )
          }
        />
      ) : (
        <EmailCodeStep
          purpose="register"
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
