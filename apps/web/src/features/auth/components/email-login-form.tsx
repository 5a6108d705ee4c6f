import { useTranslation } from 'react-i18next';
import {
  type EmailCredentials,
  EmailLoginForm as SharedEmailLoginForm,
} from '../../../shared/auth-forms/email-login-form';
import { type LoginOutcome, useLogin } from '../api/login';
import { useSendLoginCode } from '../api/send-login-code';
import type { Credentials } from '../lib/login-flow';

/**
 * The merchant's email login: the shared form (shared/auth-forms, also the operator's) with a
 * password or a code mailed to the address, sent to POST /front/login.
 */
export interface LoginFormProps {
  onOutcome: (outcome: LoginOutcome, credentials: Credentials) => void;
  initialEmail?: string | undefined;
}

export function EmailLoginForm({ onOutcome, initialEmail }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const sendCode = useSendLoginCode();
  return (
    <SharedEmailLoginForm
      initialEmail={initialEmail}
      submitLabel={t('login.submit')}
      onSubmit={async (credentials: EmailCredentials) =>
        onOutcome(await login.mutateAsync(credentials), credentials)
      }
      sendCode={async (email) => {
        await sendCode.mutateAsync({ email });
      }}
    />
  );
}
