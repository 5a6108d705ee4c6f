import { useTranslation } from 'react-i18next';
import { GoogleStepForm as SharedGoogleStepForm } from '../../../shared/auth-forms/google-step-form';
import { type LoginOutcome, useLogin } from '../api/login';
import type { Credentials } from '../lib/login-flow';

/**
 * The merchant's Google step (server code 601): the shared step (shared/auth-forms, also the
 * operator's), sending the same credentials as before with the code.
 */
export interface GoogleStepFormProps {
  credentials: Credentials;
  prompt: string;
  onOutcome: (outcome: LoginOutcome, credentials: Credentials) => void;
  onBack: () => void;
}

export function GoogleStepForm({ credentials, prompt, onOutcome, onBack }: GoogleStepFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  return (
    <SharedGoogleStepForm
      prompt={prompt}
      texts={{
        title: t('login.google.title'),
        description: t('login.google.description'),
        submit: t('login.google.submit'),
        back: t('login.backToLogin'),
      }}
      onSubmit={async (googleCode) =>
        onOutcome(await login.mutateAsync({ ...credentials, googleCode }), credentials)
      }
      onBack={onBack}
    />
  );
}
